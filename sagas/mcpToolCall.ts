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
import type { A2uiActions } from '../src/redux/actions';
import { errorText } from '../src/util/errors';

type McpToolOutcome = McpToolSettlement['outcome'];

/** A tool's result as plain JSON (actions stay serializable), or an error outcome. */
function toolOutcome(result: unknown): McpToolOutcome {
  const copy = toJsonValue(result === undefined ? null : result, { maxDepth: 64 });
  return copy.ok ? { status: 'ok', result: copy.value } : { status: 'error', message: `The tool result is not JSON: ${copy.reason}.` };
}

export function* runMcpToolCall(client: McpToolClient | undefined, actions: A2uiActions, effect: Extract<Effect, { type: 'mcpToolCall' }>): SagaIterator {
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
  yield put(actions.mcpToolReplied(replied));
}
