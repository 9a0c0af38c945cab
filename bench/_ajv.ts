import { performance } from 'node:perf_hooks';
import { loadExamples } from './inputs';
import Ajv2020 from 'ajv/dist/2020';
import { readFileSync } from 'node:fs';
const SPEC_BASE = 'https://a2ui.org/specification/v1_0/';
const rd = (f: string) => JSON.parse(readFileSync('/work/shared/spec/v1_0/' + f, 'utf8'));
import { basicCatalog } from '../src/catalog';
import { checkComponentSchema } from '../src/processor/schemaChecks';
const comps: any[] = [];
for (const ex of loadExamples()) for (const m of ex.messages) if ((m as any).updateComponents) comps.push(...(m as any).updateComponents.components);
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false }); ajv.addSchema(rd('json/common_types.json')); ajv.addSchema({ ...rd('catalogs/basic/catalog.json'), $id: SPEC_BASE + 'catalog.json' });
const fns = new Map<string, any>();
for (const c of comps) if (!fns.has(c.component)) fns.set(c.component, ajv.compile({ allOf: [{ $ref: `${SPEC_BASE}common_types.json#/$defs/ComponentCommon` }, { $ref: `${SPEC_BASE}catalog.json#/components/${c.component}` }], unevaluatedProperties: false }));
const cat = basicCatalog();
for (let round = 0; round < 3; round++) {
  let t0 = performance.now(); for (let r = 0; r < 20; r++) for (const c of comps) if (!fns.get(c.component)(c)) throw new Error(JSON.stringify(fns.get(c.component).errors));
  const a = (performance.now() - t0) / (20 * comps.length) * 1000;
  t0 = performance.now(); for (let r = 0; r < 2; r++) for (const c of comps) if (checkComponentSchema(cat, c).length) throw new Error('x');
  const o = (performance.now() - t0) / (2 * comps.length) * 1000;
  console.log(`ajv (compiled): ${a.toFixed(2)} µs/component   ours (@cfworker, interpreted): ${o.toFixed(0)} µs/component`);
}
