/**
 * The MCP tool-call worker: runs one `mcpToolCall` effect's tool on the MCP client, raced against
 * its timeout, and reports the outcome as the instance's `mcpToolReplied`. A missing client, a
 * rejection or a result that is not JSON is an error outcome: the worker itself never fails.
 */
import type { SagaIterator } from 'redux-saga';
import { call, delay, put, race } from 'redux-saga/effects';
import type { Effect } from '../src/model/effects';
import type { McpToolClient, McpToolSettlement } from '../src/mcp/types';
import { toJsonValue } from '../src/protocol/json';
import { madeInThisRealm, type A2uiActions } from '../src/redux/actions';
import { parseMcpToolCallKey } from '../src/redux/operations';
import type { A2uiState } from '../src/redux/state';
import { errorText } from '../src/util/errors';

type McpToolOutcome = McpToolSettlement['outcome'];

/** A tool's result as plain JSON (actions stay serializable), or an error outcome. */
function toolOutcome(result: unknown): McpToolOutcome {
  const copy = toJsonValue(result === undefined ? null : result, { maxDepth: 64 });
  return copy.ok ? { status: 'ok', result: copy.value } : { status: 'error', message: `The tool result is not JSON: ${copy.reason}.` };
}

/** Runs one call; `entryId` (the outbox entry that asked for it) goes with the outcome, so the slice applies it only to that call. */
export function* runMcpToolCall(client: McpToolClient | undefined, actions: A2uiActions, effect: Extract<Effect, { type: 'mcpToolCall' }>, entryId?: string): SagaIterator {
  const request = { name: effect.name, arguments: effect.arguments };
  let outcome: McpToolOutcome;
  if (client === undefined) {
    outcome = { status: 'error', message: 'No mcpClient port was given to the a2ui saga.' };
  } else {
    try {
      if (effect.timeoutMs === null) {
        outcome = toolOutcome(yield call([client, client.callTool], request));
      } else {
        const { result, timedOut } = yield race({ result: call([client, client.callTool], request), timedOut: delay(effect.timeoutMs) });
        outcome = timedOut ? { status: 'timeout', message: `No result within ${effect.timeoutMs} ms.` } : toolOutcome(result);
      }
    } catch (caught) {
      outcome = { status: 'error', message: errorText(caught) };
    }
  }
  const replied: McpToolSettlement = {
    requestId: effect.requestId,
    surfaceId: effect.surfaceId,
    ref: effect.ref,
    outcome,
    origin: effect.origin,
    name: effect.name,
    arguments: effect.arguments,
  };
  if (effect.targetDataPath !== undefined) replied.targetDataPath = effect.targetDataPath;
  if (entryId !== undefined) replied.entryId = entryId;
  yield put(actions.mcpToolReplied(replied));
}

/** Why an interrupted call is answered with an error. */
export const INTERRUPTED_TOOL_CALL =
  'The tool call was interrupted: the saga running it stopped (restarted, or the state was restored from another store lifetime), so its result is unknown.';

/**
 * What to do about the MCP tool calls the state waits for that no task of this saga run carries
 * out: started by an earlier run (the saga restarted) or in another store lifetime (persisted,
 * server state). Their outcomes can never come back. A call of this lifetime, and an action's call
 * of any, is answered with an error (`settle`: the app is told, the action ends in a diagnostic);
 * an app's call of another lifetime is only forgotten (`orphaned`: that app went with its page, and
 * the reloaded app numbers its requests from 1 again, so a reply would answer the wrong request).
 * Each call is handled once: `handled` holds, by the id of the outbox entry that asked (by key for a
 * record without one), the calls a run started or handled, and gains these.
 */
export function interruptedToolCalls(
  waiting: A2uiState['session']['mcpToolCalls'],
  handled: { has(key: string): boolean; add(key: string): void },
): { settle: McpToolSettlement[]; orphaned: string[] } {
  const settle: McpToolSettlement[] = [];
  const orphaned: string[] = [];
  if (waiting === undefined) return { settle, orphaned };
  for (const key of Object.keys(waiting)) {
    const asked: unknown = waiting[key];
    const { name, origin, id } = typeof asked === 'object' && asked !== null ? (asked as Record<string, unknown>) : {};
    const handle = typeof id === 'string' ? id : key;
    if (handled.has(handle)) continue;
    handled.add(handle);
    const call = parseMcpToolCallKey(key);
    const thisLifetime = typeof id === 'string' && madeInThisRealm(id);
    if (call === null || (origin !== 'action' && !thisLifetime)) {
      orphaned.push(key);
      continue;
    }
    const settlement: McpToolSettlement = { ...call, outcome: { status: 'error', message: INTERRUPTED_TOOL_CALL }, origin: origin === 'action' ? 'action' : 'app' };
    if (typeof name === 'string') settlement.name = name;
    if (typeof id === 'string') settlement.entryId = id;
    settle.push(settlement);
  }
  return { settle, orphaned };
}
