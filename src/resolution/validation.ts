/** A check's outcome, as the protocol's ValidationResult (extra keys allowed). */
export interface ValidationResultValue {
  valid: boolean;
  code?: string;
  message?: string;
  severity?: 'error' | 'warning' | 'info';
  [key: string]: unknown;
}
