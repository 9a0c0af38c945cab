import { setAutoFreeze } from 'immer'; if (process.env.NOFREEZE) setAutoFreeze(false);
import { performance } from 'node:perf_hooks';
import { dataUpdate, LIST_SURFACE_ID, listSurfaceV10 } from './inputs';
import { Ours, OursRedux } from './sides';
const drain = process.argv[2] === 'drain';
const rows = Number(process.argv[3] ?? 10000);
const o = new Ours(); o.ingest(listSurfaceV10(rows)); o.tree(LIST_SURFACE_ID);
const r = new OursRedux(); r.ingest(listSurfaceV10(rows)); r.tree(LIST_SURFACE_ID);
const times: Record<string, number[]> = {}; let k = 0; const mid = rows >> 1;
for (let round = 0; round < Number(process.argv[4] ?? 1500); round++) for (const [name, side] of [['ours', o], ['redux', r]] as const) for (const via of ['write', 'message']) {
  if (drain && side instanceof OursRedux) side.drain();
  const v = `v${k++}`; const t0 = performance.now();
  if (via === 'write') side.write(LIST_SURFACE_ID, `root/children/${mid}`, 'text', v); else side.ingest(dataUpdate('v1.0', `/rows/${mid}/label`, v));
  if (side.node(LIST_SURFACE_ID, `root/children/${mid}`).props.text !== v) throw new Error('x');
  if (round > 200) (times[`${name} ${via}`] ??= []).push(performance.now() - t0);
}
for (const [key, v] of Object.entries(times)) { v.sort((a, b) => a - b); console.log(`${drain ? 'drained' : 'no ack '} ${rows}`, key.padEnd(14), (v[v.length >> 1]! * 1000).toFixed(1).padStart(8), 'µs median'); }
