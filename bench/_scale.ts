import { performance } from 'node:perf_hooks';
import { dataUpdate, LIST_SURFACE_ID, listSurfaceV10 } from './inputs';
import { Ours } from './sides';
const mk = (rows: number) => { const o = new Ours(); o.ingest(listSurfaceV10(rows)); o.tree(LIST_SURFACE_ID); return o; };
const sides = new Map([[10, mk(10)], [10000, mk(10000)]]);
const times: Record<string, number[]> = {};
let k = 0;
for (let round = 0; round < 4000; round++) for (const [rows, o] of sides) for (const via of ['write', 'message']) {
  const mid = Math.floor(rows / 2); const v = `v${k++}`;
  const t0 = performance.now();
  if (via === 'write') o.write(LIST_SURFACE_ID, `root/children/${mid}`, 'text', v); else o.ingest(dataUpdate('v1.0', `/rows/${mid}/label`, v));
  if (o.node(LIST_SURFACE_ID, `root/children/${mid}`).props.text !== v) throw new Error('x');
  if (round > 500) (times[`${via} ${rows}`] ??= []).push(performance.now() - t0);
}
for (const [key, v] of Object.entries(times)) { v.sort((a, b) => a - b); console.log(key.padEnd(16), (v[v.length >> 1]! * 1000).toFixed(1).padStart(8), 'µs median'); }
