import { loadExamples } from './inputs';
import { basicCatalog } from '../src/catalog';
import { createComponentValidator } from './_cv';
const g = globalThis as any;
const v = createComponentValidator(basicCatalog().toJSON(), { unknownFunctions: 'agent' });
const samples: Record<string, unknown> = {
  card: { id: 'c', component: 'Card', child: 'x' },
  textLiteral: { id: 't', component: 'Text', text: 'hello' },
  textBinding: { id: 't', component: 'Text', text: { path: '/a' } },
  textFormatString: { id: 't', component: 'Text', text: { call: 'formatString', args: { value: 'Hi ${/name}' } } },
  textFormatDate: { id: 't', component: 'Text', text: { call: 'formatDate', args: { value: { path: '/d' }, format: 'E' } } },
};
v.validateComponent(samples.card);
for (const [k, c] of Object.entries(samples)) { g.__vcount = 0; const r = v.validateComponent(c); console.log(k.padEnd(18), 'validate() calls:', g.__vcount, r.ok); }
let total = 0, n = 0;
for (const ex of loadExamples()) for (const m of ex.messages) if ((m as any).updateComponents) for (const c of (m as any).updateComponents.components) { g.__vcount = 0; v.validateComponent(c); total += g.__vcount; n++; }
console.log('examples: avg validate() calls per component', (total / n).toFixed(0));
