/** The package as an app uses it: the Redux entry, the pure core and the protocol entry. */
import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import {
  basicCatalog,
  createA2ui,
  createInMemoryTransport,
  type A2uiTransport,
  type RendererToAgentMessage,
  type ResolvedNode,
} from 'a2ui-redux';
import { createSession, handleMessage, isComponent, resolvedTree, BASIC_CATALOG_ID, type Effect } from 'a2ui-redux/core';
import { parseAgentPayload, AgentToRendererMessageSchema, type AgentToRendererMessage } from 'a2ui-redux/protocol';

const a2ui = createA2ui({ catalogs: [basicCatalog()] });
const sagas = createSagaMiddleware();
export const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d().concat(sagas) });
const { transport, agent } = createInMemoryTransport();
const typed: A2uiTransport = transport;
sagas.run(a2ui.saga, { transport: typed });
agent.send({ version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });

const result = handleMessage(createSession([basicCatalog()]), { version: 'v1.0', deleteSurface: { surfaceId: 's' } });
const effects: Effect[] = result.effects;
const sent: RendererToAgentMessage[] = effects.flatMap((effect) => (effect.type === 'send' ? [effect.message] : []));
const root: ResolvedNode | null | undefined = resolvedTree(result.session, 's')?.root;
const label: string | undefined = isComponent(root, 'TextField') ? root.props.label : undefined;

const parsed = parseAgentPayload('[]');
const messages: AgentToRendererMessage[] = parsed.ok ? parsed.messages : [];
const checked: boolean = AgentToRendererMessageSchema.safeParse(messages[0]).success;

export const summary = { sent, root, label, checked, state: a2ui.selectors.selectSurfaces(store.getState()) };
