/** The default drawings of a node's states: placeholders, busy, failed checks. */
import type { BusyProps, PlaceholderProps, ValidationProps } from './types';
import type { ResolvedNode } from '../model/tree';

/** The node's failed checks (messages, else codes). */
export function failedChecks(node: Pick<ResolvedNode, 'validation'>): Array<{ text: string; severity: string }> {
  return node.validation.filter((r) => !r.valid).map((r) => ({ text: r.message ?? r.code ?? 'Invalid value', severity: r.severity ?? 'error' }));
}

/** A visible stand-in: a note (role `note`) naming what is wrong. */
export function DefaultPlaceholder({ kind, label, nodeRef }: PlaceholderProps) {
  return (
    <div className={`a2ui-placeholder a2ui-placeholder-${kind}`} data-testid="a2ui-placeholder" data-placeholder={kind} data-ref={nodeRef} role="note">
      <strong>{kind}</strong> {label}
    </div>
  );
}

/** A spinner with a status role while the node waits for the agent. */
export function DefaultBusy({ busy }: BusyProps) {
  return busy ? <span className="a2ui-spinner" data-testid="busy-spinner" role="status" aria-label="Waiting for the agent" title="Waiting for the agent" /> : null;
}

/** The messages of failed checks, announced as an alert. */
export function DefaultValidation({ id, node }: ValidationProps) {
  const list = failedChecks(node);
  if (list.length === 0) return null;
  return (
    <ul className="a2ui-validation" id={id} data-testid="validation" role="alert">
      {list.map((f, i) => (
        <li key={i} className={`a2ui-validation-${f.severity}`}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}
