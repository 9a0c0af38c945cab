import { performance } from 'node:perf_hooks';
import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { dataUpdate, LIST_SURFACE_ID, listSurfaceV10 } from './inputs';
import { OursRedux } from './sides';
import { basicCatalog } from '../src/catalog';
import { createSessionRuntime, handleMessage, sessionFrom } from '../src/session/session';
import { write } from '../src/session/interaction';
import { initialSessionState, type SessionState } from '../src/session/state';
import { messageReceived, valueWritten } from '../src/redux/actions';
import { createA2uiSelectors } from '../selectors';
import { lookupNode } from '../src/resolution/resolver';
// Prototype of the proposed fix: the same session calls in a plain reducer (no createSlice/immer).
const runtime = createSessionRuntime([basicCatalog()]);
type S = { core: SessionState; outbox: unknown[] };
const reducer = (state: S = { core: initialSessionState(), outbox: [] }, action: UnknownAction): S => {
  if (messageReceived.match(action)) { const r = handleMessage(sessionFrom(runtime, state.core), action.payload.payload); return { ...state, core: r.session.state }; }
  if (valueWritten.match(action)) { const p = action.payload; const r = write(sessionFrom(runtime, state.core), p.surfaceId, p.ref, p.property, p.value); return r.ok ? { ...state, core: r.session.state } : state; }
  return state;
};
const plain = configureStore({ reducer: { a2ui: reducer }, middleware: (g) => g({ immutableCheck: false, serializableCheck: false, thunk: false }) });
const sel = createA2uiSelectors(runtime, (s: { a2ui: S }) => ({ session: { core: s.a2ui.core } }) as never);
const rows = 10000, mid = rows >> 1;
plain.dispatch(messageReceived(listSurfaceV10(rows)));
const r = new OursRedux(); r.ingest(listSurfaceV10(rows)); r.tree(LIST_SURFACE_ID);
const times: Record<string, number[]> = {}; let k = 0;
for (let round = 0; round < 600; round++) for (const via of ['write', 'message']) {
  for (const name of ['createA2ui (immer)', 'plain reducer']) {
    r.drain(); const v = `v${k++}`; const t0 = performance.now();
    const act = via === 'write' ? valueWritten({ surfaceId: LIST_SURFACE_ID, ref: `root/children/${mid}`, property: 'text', value: v }) : messageReceived(dataUpdate('v1.0', `/rows/${mid}/label`, v));
    let text: unknown;
    if (name === 'plain reducer') { plain.dispatch(act); text = lookupNode(sel.selectResolvedTree(plain.getState(), LIST_SURFACE_ID)!, `root/children/${mid}`)!.props.text; }
    else { r.store.dispatch(act); text = r.node(LIST_SURFACE_ID, `root/children/${mid}`).props.text; }
    if (text !== v) throw new Error(`${name} ${via}`);
    if (round > 100) (times[`${name} ${via}`] ??= []).push(performance.now() - t0);
  }
}
for (const [key, v] of Object.entries(times)) { v.sort((a, b) => a - b); console.log(key.padEnd(30), (v[v.length >> 1]! * 1000).toFixed(1).padStart(8), 'µs median'); }
