import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);
import { performance } from 'node:perf_hooks';
import { loadExamples } from './inputs';
import { basicCatalog } from '../src/catalog';
import { COMMON_TYPES_SCHEMA } from '../src/protocol/json/commonTypes';
import { createComponentValidator } from './_cv';
const comps: any[] = [];
for (const ex of loadExamples()) for (const m of ex.messages) if ((m as any).updateComponents) comps.push(...(m as any).updateComponents.components);
const ANNOTATIONS = new Set(['description', 'title', 'default', 'examples', '$comment']);
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'components', 'functions']);
// keep keys; drop annotations (not inside maps, where keys are names)
function strip(v: any, inMap = false): any {
  if (Array.isArray(v)) return v.map((x) => strip(x));
  if (typeof v !== 'object' || v === null) return v;
  const out: any = {};
  for (const k of Object.keys(v).sort()) { if (!inMap && ANNOTATIONS.has(k)) continue; out[k] = strip(v[k], !inMap && MAPS.has(k)); }
  return out;
}
function time(label: string, v: ReturnType<typeof createComponentValidator>) {
  for (let i = 0; i < 3; i++) for (const c of comps) v.validateComponent(c);
  const t0 = performance.now(); const R = 5;
  for (let i = 0; i < R * (process.env.MANY ? 8 : 1); i++) for (const c of comps) if (!v.validateComponent(c).ok) throw new Error('invalid');
  console.log(`${label}: ${((performance.now() - t0) / (R * comps.length) * 1000).toFixed(1)} µs per component`);
}
const which = process.argv[2];
if (which === 'base') time('as today', createComponentValidator(basicCatalog().toJSON(), { unknownFunctions: 'agent' }));
else if (which === 'strip') time('annotations stripped + keys sorted', createComponentValidator(strip(basicCatalog().toJSON()), { unknownFunctions: 'agent', commonTypes: strip(COMMON_TYPES_SCHEMA) }));
const KEYWORDS: string[] = JSON.parse(require('node:fs').readFileSync('/tmp/cfwkeys.json', 'utf8'));
function normalize(v: any, inMap = false): any {
  if (Array.isArray(v)) return v.map((x) => normalize(x));
  if (typeof v !== 'object' || v === null) return v;
  if (inMap) { const out: any = {}; for (const k of Object.keys(v)) out[k] = normalize(v[k]); return out; }
  const out: any = {};
  for (const k of KEYWORDS) out[k] = k in v ? normalize(v[k], MAPS.has(k)) : undefined;
  for (const k of Object.keys(v)) if (!KEYWORDS.includes(k) && !ANNOTATIONS.has(k)) out[k] = normalize(v[k], MAPS.has(k));
  return out;
}
if (which === 'norm') time('all keyword slots, one hidden class', createComponentValidator(normalize(basicCatalog().toJSON()), { unknownFunctions: 'agent', commonTypes: normalize(COMMON_TYPES_SCHEMA) }));
