/**
 * The operations the at-the-caps fuzz properties drive a surface `s` with (a List of rows over
 * `/rows`, each row a component with a template of cells): data updates, user writes into bound
 * fields, component swaps among given variants and agent answers. Each property draws its own
 * mix and variants; applying a step is the same for all.
 */
import { tableValues } from '../../src/data/table';
import { handleMessage, resolvedTree, type Session } from '../../src/session/session';
import { write } from '../../src/session/interaction';

type Json = Record<string, unknown>;

/** One operation on surface `s`. */
export type CapsStep =
  | { kind: 'rows'; rows: Array<{ title: string; cells: Array<{ v: string }> }> }
  | { kind: 'title'; index: number; value: string }
  | { kind: 'cell'; index: number; cell: number; value: string }
  | { kind: 'write'; pick: number; value: string }
  | { kind: 'row'; variant: number }
  | { kind: 'cellType'; variant: number }
  | { kind: 'answer'; pick: number; value: string };

const v = (body: Json): Json => ({ version: 'v1.0', ...body });

/** `step` applied to `session`; `rows` and `cells` are the row and cell component variants a swap picks from. */
export function applyCapsStep(session: Session, step: CapsStep, rows: readonly Json[], cells: readonly Json[]): Session {
  switch (step.kind) {
    case 'rows':
      return handleMessage(session, v({ updateDataModel: { surfaceId: 's', path: '/rows', value: step.rows } })).session;
    case 'title':
      return handleMessage(session, v({ updateDataModel: { surfaceId: 's', path: `/rows/${step.index}/title`, value: step.value } })).session;
    case 'cell':
      return handleMessage(session, v({ updateDataModel: { surfaceId: 's', path: `/rows/${step.index}/cells/${step.cell}/v`, value: step.value } })).session;
    case 'write': {
      const bound = Object.values(resolvedTree(session, 's')?.nodes ?? {}).filter((n) => 'value' in n.bindings);
      const node = bound[step.pick % Math.max(1, bound.length)];
      if (node === undefined) return session;
      const result = write(session, 's', node.ref, 'value', step.value);
      return result.ok ? result.session : session;
    }
    case 'row':
      return handleMessage(session, v({ updateComponents: { surfaceId: 's', components: [rows[step.variant]] } })).session;
    case 'cellType':
      return handleMessage(session, v({ updateComponents: { surfaceId: 's', components: [cells[step.variant]] } })).session;
    case 'answer': {
      // A call still waiting out a debounce was never sent, so the agent cannot answer it.
      const pending = tableValues(session.state.agentCalls).filter((row) => row.status === 'pending' && row.debounced !== true);
      const row = pending[step.pick % Math.max(1, pending.length)];
      if (row === undefined) return session;
      return handleMessage(session, v({ agentFunctionResponse: { functionCallId: row.callId, value: step.value } })).session;
    }
  }
}
