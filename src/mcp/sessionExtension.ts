/**
 * MCP Apps' session side, as the MCP catalog carries it (`mcpCatalog().sessionExtension`): the
 * session's seams filled with this feature's code. Data-model changes notify the embedded apps
 * bound to them; a `callMcpTool` action's request becomes an `mcpToolCall` effect; the Redux
 * slice's `mcpAppRequested` and `mcpToolReplied` come here. A session without the MCP catalog
 * reaches none of this folder's session code.
 */
import type { SessionExtension } from '../session/session';
import { mcpDataModelNotifications } from './notify';
import { mcpAppRequest, mcpToolSettled } from './requests';
import { mcpToolCallRequested } from './toolCalls';

export const MCP_SESSION_EXTENSION: SessionExtension = Object.freeze({
  name: 'MCP Apps',
  dataModelChanged: mcpDataModelNotifications,
  localRequest: ((session, surfaceId, ref, request) =>
    request.type === 'mcpToolCall' ? mcpToolCallRequested(session, surfaceId, ref, request) : undefined) satisfies SessionExtension['localRequest'],
  appRequest: mcpAppRequest,
  toolSettled: mcpToolSettled,
});
