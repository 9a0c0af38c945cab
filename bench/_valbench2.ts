import { performance } from 'node:perf_hooks';
import { loadExamples } from './inputs';
import { basicCatalog } from '../src/catalog';
import { createComponentValidator, setShort } from './_cv';
const comps: any[] = [];
for (const ex of loadExamples()) for (const m of ex.messages) if ((m as any).updateComponents) comps.push(...(m as any).updateComponents.components);
const v = createComponentValidator(basicCatalog().toJSON(), { unknownFunctions: 'agent' });
for (const short of [false, true]) {
  setShort(short);
  for (let i = 0; i < 3; i++) for (const c of comps) v.validateComponent(c);
  const t0 = performance.now(); const R = 5;
  for (let i = 0; i < R; i++) for (const c of comps) if (!v.validateComponent(c).ok) throw new Error('invalid');
  console.log(`shortCircuit=${short}: ${((performance.now() - t0) / (R * comps.length) * 1000).toFixed(1)} µs per component`);
  const bad = { id: 'x', component: 'Text', text: { path: 5 } };
  console.log('  bad ->', JSON.stringify(v.validateComponent(bad)).slice(0, 200));
}
