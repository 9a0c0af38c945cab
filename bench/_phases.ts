import { performance } from 'node:perf_hooks';
import { conversations, loadExamples } from './inputs';
import { basicCatalog } from '../src/catalog';
import { checkComponentSchema, checkFunctionArgs } from '../src/processor/schemaChecks';
import { createResolverCache, resolveSurface } from '../src/resolution/resolver';
import { MessageProcessor, NodeResolver, type A2uiMessage } from '@a2ui/web_core/v0_9';
import { basicCatalog as theirCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { Ours } from './sides';
const cat = basicCatalog();
const n = 200;
const convs = conversations(loadExamples(), n);
const calls: Array<[string, unknown]> = [];
const comps: any[] = [];
for (const c of convs) for (const m of JSON.parse(c.oursJson)) if (m.updateComponents) for (const comp of m.updateComponents.components) {
  comps.push(comp);
  const stack = [comp];
  while (stack.length) { const v = stack.pop(); if (typeof v !== 'object' || v === null) continue; if (!Array.isArray(v) && typeof v.call === 'string') calls.push([v.call, v.args ?? {}]); stack.push(...Object.values(v)); }
}
const t = (f: () => void) => { const t0 = performance.now(); f(); return performance.now() - t0; };
const res: Record<string, number[]> = {};
const add = (k: string, v: number) => (res[k] ??= []).push(v);
for (let round = 0; round < 6; round++) {
  const o = new Ours(); const payloads = convs.map((c) => JSON.parse(c.oursJson));
  add('ours handleMessage (all)', t(() => { for (const p of payloads) o.ingest(p); }));
  add('  of which: checkComponentSchema', t(() => { for (const c of comps) checkComponentSchema(cat, c); }));
  add('  of which: checkFunctionArgs', t(() => { for (const [name, args] of calls) if (cat.functions[name]) checkFunctionArgs(cat, name, args); }));
  const cache = createResolverCache();
  add('  of which: resolveSurface (fresh cache)', t(() => { for (const c of convs) resolveSurface(cache, o.session.runtime.resolution, o.session.state.surfaces[c.surfaceId]!, o.session.state); }));
  const proc = new MessageProcessor([theirCatalog]); const tp = convs.map((c) => JSON.parse(c.theirsJson));
  add('theirs processMessages (all)', t(() => { for (const p of tp) proc.processMessages(p as A2uiMessage[]); }));
  add('theirs NodeResolver (all)', t(() => { for (const c of convs) { const s = proc.model.getSurface(c.surfaceId)!; new NodeResolver(s, s.catalog); } }));
}
console.log(`${n} surfaces, ${comps.length} components, ${calls.length} function calls`);
for (const [k, v] of Object.entries(res)) { const s = v.slice(1).sort((a, b) => a - b); console.log(k.padEnd(44), s[Math.floor(s.length / 2)]!.toFixed(1).padStart(8), 'ms'); }
