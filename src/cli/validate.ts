/**
 * `validate`: runs an agent stream through a strict session and says, per message, whether it
 * applied, applied with problems the agent would be told about, or failed, and why.
 */
import type { Catalog } from '../catalog/types';
import { createSession, handleMessage, type Session } from '../session/session';
import type { Effect } from '../model/effects';
import type { StreamItem } from './readStream';

export type Verdict = 'ok' | 'warn' | 'fail';

/** The outcome for one payload of the stream. */
export interface MessageReport {
  line: number;
  verdict: Verdict;
  /** e.g. `updateComponents trip-search (13 components)`. */
  summary: string;
  /** What went wrong, or what the agent would be told. */
  problems: string[];
}

const BODIES = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse'];

/** A one-line description of a payload: its body kind, surface and size. */
export function describePayload(payload: unknown): string {
  if (Array.isArray(payload)) return `${payload.length} messages`;
  if (typeof payload !== 'object' || payload === null) return typeof payload;
  const record = payload as Record<string, unknown>;
  if (Array.isArray(record.messages)) return `{messages} with ${record.messages.length} messages`;
  const kinds = Object.keys(record).filter((k) => k !== 'version');
  const kind = kinds.find((k) => BODIES.includes(k)) ?? kinds[0] ?? '(empty)';
  const body = record[kind];
  if (typeof body !== 'object' || body === null) return kind;
  const b = body as Record<string, unknown>;
  const parts = [kind];
  if (typeof b.surfaceId === 'string') parts.push(b.surfaceId);
  if (Array.isArray(b.components)) parts.push(`(${b.components.length} components)`);
  if (typeof b.path === 'string') parts.push(b.path);
  if (typeof b.functionCallId === 'string') parts.push(b.functionCallId);
  const fn = b.callFunction as { call?: unknown } | undefined;
  if (fn && typeof fn.call === 'string') parts.push(`→ ${fn.call}`);
  return parts.join(' ');
}

/** Problems the session would report to the agent (error messages) for one payload. */
function reportedProblems(effects: readonly Effect[]): string[] {
  const problems: string[] = [];
  for (const effect of effects) {
    if (effect.type !== 'send' || !('error' in effect.message)) continue;
    const error = effect.message.error as { code?: string; message?: string };
    problems.push(`${error.code ?? 'ERROR'}: ${error.message ?? ''}`);
  }
  return problems;
}

/** Validates every payload in order against one strict session over `catalogs`. */
export function validateStream(items: readonly StreamItem[], catalogs: Catalog[]): { reports: MessageReport[]; session: Session } {
  let session = createSession(catalogs, { validation: 'strict', defaultTimeoutMs: null });
  const reports: MessageReport[] = [];
  for (const item of items) {
    if (item.parseError !== undefined) {
      reports.push({ line: item.line, verdict: 'fail', summary: 'not JSON', problems: [item.parseError] });
      continue;
    }
    const result = handleMessage(session, item.payload);
    session = result.session;
    const problems = reportedProblems(result.effects);
    if (!result.ok) {
      const where = result.error.path ? '' : '';
      const message = `${result.error.code}: ${result.error.message}${where}`;
      reports.push({ line: item.line, verdict: 'fail', summary: describePayload(item.payload), problems: [message, ...problems.filter((p) => !p.endsWith(result.error.message))] });
    } else {
      reports.push({ line: item.line, verdict: problems.length > 0 ? 'warn' : 'ok', summary: describePayload(item.payload), problems });
    }
  }
  return { reports, session };
}
