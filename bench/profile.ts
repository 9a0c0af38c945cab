/**
 * Profiling helper (not part of `npm run bench`): runs one scenario in a loop so that
 * `node --cpu-prof --import tsx bench/profile.ts <scenario>` gives a focused profile.
 */
import { performance } from 'node:perf_hooks';
import { conversations, dataUpdate, LIST_SURFACE_ID, listSurfaceV10, loadExamples } from './inputs';
import { Ours } from './sides';

const scenario = process.argv[2] ?? 'ingest';
const examples = loadExamples();

if (scenario === 'ingest') {
  const n = Number(process.argv[3] ?? 300);
  const convs = conversations(examples, n);
  for (let round = 0; round < 3; round += 1) {
    const ours = new Ours();
    const payloads = convs.map((c) => JSON.parse(c.oursJson) as unknown);
    const t0 = performance.now();
    for (const p of payloads) ours.ingest(p);
    console.log(`ingest ${n}: ${(performance.now() - t0).toFixed(1)} ms`);
  }
} else if (scenario === 'update' || scenario === 'write') {
  const rows = Number(process.argv[3] ?? 10_000);
  const ours = new Ours();
  ours.ingest(listSurfaceV10(rows));
  ours.tree(LIST_SURFACE_ID);
  const mid = Math.floor(rows / 2);
  const t0 = performance.now();
  const iterations = Number(process.argv[4] ?? 300);
  for (let i = 0; i < iterations; i += 1) {
    if (scenario === 'write') ours.write(LIST_SURFACE_ID, `root/children/${mid}`, 'text', `v${i}`);
    else ours.ingest(dataUpdate('v1.0', `/rows/${mid}/label`, `v${i}`));
    ours.node(LIST_SURFACE_ID, `root/children/${mid}`);
  }
  console.log(`${scenario} ${rows}: ${((performance.now() - t0) / iterations).toFixed(3)} ms/op`);
}
