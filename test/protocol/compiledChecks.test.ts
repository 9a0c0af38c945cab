/**
 * The compiled fast path of createComponentValidator (schemaCompiler.ts) gives the interpreting
 * validator's verdict on every component and function call of a large corpus, and it really
 * runs: a schema it silently declined would make agreement vacuous, so for every official catalog
 * a declined check fails the test.
 *
 * Since a valid compiled verdict returns `{ ok: true }` and any other verdict runs the
 * interpreting validator as before, equal verdicts mean equal results, violations included.
 *
 * Corpus: the agreement test's (every message of the basic catalog examples and its mutations),
 * plus every component and call found in the spec's test cases and the conformance suites, each
 * with its own mutations (every key dropped, given another type, and an unknown key added).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createComponentValidator, type ComponentValidator } from '../../src/protocol/componentValidation';
import { compareSchemaVerdicts } from '../../src/protocol/componentValidation';
import { FIXTURES, readFixtureJson } from '../conformance/suite';
import { isObject, mutations, pointers, setAt } from './corpus';
import { basicCatalogJson, specFiles, specJson, testingCatalogJson, type Json, type JsonObject } from './spec';

type Kind = 'component' | 'functionCall';
type Item = { kind: Kind; value: Json };

/** Components (objects with a string `component`) and calls (a string `call`) anywhere in `value`. */
function partsOf(value: Json, out: Item[]): Item[] {
  if (Array.isArray(value)) {
    for (const item of value) partsOf(item, out);
  } else if (isObject(value)) {
    if (typeof value['component'] === 'string') out.push({ kind: 'component', value });
    if (typeof value['call'] === 'string') out.push({ kind: 'functionCall', value });
    for (const child of Object.values(value)) partsOf(child, out);
  }
  return out;
}

/** The value, every key dropped, every value replaced by values of other types, and an unknown key. */
function variants(value: Json): Json[] {
  const out: Json[] = [value];
  for (const pointer of pointers(value)) {
    out.push(setAt(value, pointer, undefined));
    for (const wrong of [42, 'x', {}] as Json[]) out.push(setAt(value, pointer, wrong));
  }
  if (isObject(value)) out.push({ ...value, bogus: 1 });
  return out;
}

/** Distinct items, by kind and JSON text. */
function distinct(items: Item[]): Item[] {
  const seen = new Map<string, Item>();
  for (const item of items) seen.set(`${item.kind} ${JSON.stringify(item.value)}`, item);
  return [...seen.values()];
}

function exampleCorpus(): Item[] {
  const items: Item[] = [];
  for (const file of specFiles('catalogs/basic/examples', '.json')) {
    for (const message of specJson(`catalogs/basic/examples/${file}`)['messages'] as JsonObject[]) {
      for (const mutation of mutations(message)) partsOf(mutation.value, items);
    }
  }
  return distinct(items);
}

function filesUnder(dir: string, suffixes: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, suffixes);
    return suffixes.some((suffix) => entry.name.endsWith(suffix)) ? [path] : [];
  });
}

function readAny(path: string): Json[] {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.yaml')) return [parse(text) as Json];
  if (path.endsWith('.jsonl')) return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Json);
  return [JSON.parse(text) as Json];
}

function conformanceCorpus(): Item[] {
  const files = [
    ...filesUnder(join(FIXTURES, 'spec/v1_0/test/cases'), ['.json', '.jsonl']),
    ...filesUnder(join(FIXTURES, 'conformance'), ['.yaml', '.json']).filter((path) => !path.includes('/catalogs/')),
  ];
  const found = distinct(files.flatMap((path) => readAny(path).flatMap((document) => partsOf(document, []))));
  return distinct(found.flatMap((item) => variants(item.value).map((value) => ({ kind: item.kind, value }))));
}

interface Tally {
  checks: number;
  valid: number;
  invalid: number;
  refusedBeforeSchema: number;
}

/** Compares both verdicts on every item; returns the disagreements and the declined checks. */
function compareOn(validator: ComponentValidator, items: Item[], tally: Tally): { disagreements: string[]; declined: string[] } {
  const disagreements: string[] = [];
  const declined: string[] = [];
  for (const { kind, value } of items) {
    const { compiled, interpreted } = compareSchemaVerdicts(validator, kind, value);
    if (interpreted === null && compiled === null) {
      tally.refusedBeforeSchema += 1;
      continue;
    }
    tally.checks += 1;
    tally[interpreted ? 'valid' : 'invalid'] += 1;
    const text = `${kind} ${JSON.stringify(value).slice(0, 300)}`;
    if (compiled === null) declined.push(text);
    else if (compiled !== interpreted) disagreements.push(`${text}: compiled ${compiled}, interpreted ${interpreted}`);
  }
  return { disagreements, declined };
}

const CONFORMANCE_CATALOGS = [
  'conformance/test_data/catalogs/simplified_catalog_v1_0.json',
  'conformance/test_data/catalogs/forms_catalog_v1_0.json',
  'conformance/test_data/catalogs/custom_catalog_v1_0.json',
  'conformance/test_data/converted_basic_catalog_v10.json',
  'spec/catalogs/mcp/v1/catalog.json',
];

const catalogs: Array<[string, () => object]> = [
  ['basic', basicCatalogJson],
  ['testing (spec/v1_0/test)', testingCatalogJson],
  ...CONFORMANCE_CATALOGS.map((path): [string, () => object] => [path, () => readFixtureJson(path) as object]),
];

describe('compiled schema checks agree with the interpreting validator', () => {
  const tallies: string[] = [];
  const examples = exampleCorpus();
  const conformance = conformanceCorpus();

  test('the corpora are large', () => {
    expect(examples.length).toBeGreaterThan(2000);
    expect(conformance.length).toBeGreaterThan(2000);
  });

  for (const unknownFunctions of ['agent', 'reject'] as const) {
    test(`basic catalog (${unknownFunctions}), example messages and their mutations`, () => {
      const tally: Tally = { checks: 0, valid: 0, invalid: 0, refusedBeforeSchema: 0 };
      const validator = createComponentValidator(basicCatalogJson(), { unknownFunctions });
      const { disagreements, declined } = compareOn(validator, examples, tally);
      expect(disagreements).toEqual([]);
      expect(declined).toEqual([]);
      expect(Math.min(tally.valid, tally.invalid)).toBeGreaterThan(500);
      tallies.push(`basic (${unknownFunctions}), examples: ${JSON.stringify(tally)}`);
    });
  }

  // Both function modes for basic; the others in the mode the processor uses (agent), for time.
  test.each(catalogs)('%s catalog, spec test cases and conformance suites with mutations', (label, catalogJson) => {
    for (const unknownFunctions of label === 'basic' ? (['agent', 'reject'] as const) : (['agent'] as const)) {
      const tally: Tally = { checks: 0, valid: 0, invalid: 0, refusedBeforeSchema: 0 };
      const validator = createComponentValidator(catalogJson(), { unknownFunctions });
      const { disagreements, declined } = compareOn(validator, conformance, tally);
      expect(disagreements).toEqual([]);
      expect(declined).toEqual([]);
      expect(tally.valid).toBeGreaterThan(0);
      expect(tally.invalid).toBeGreaterThan(0);
      tallies.push(`${label} (${unknownFunctions}), conformance: ${JSON.stringify(tally)}`);
    }
  });

  test('a catalog the compiler declines still validates, through the interpreting validator', () => {
    const catalog = { catalogId: 'odd', components: { Odd: { properties: { component: { const: 'Odd' }, n: { dependencies: { a: ['b'] } } } } } };
    const validator = createComponentValidator(catalog);
    const component = { id: 'x', component: 'Odd', n: 1 };
    expect(compareSchemaVerdicts(validator, 'component', component)).toEqual({ compiled: null, interpreted: true });
    expect(validator.validateComponent(component)).toEqual({ ok: true });
    expect(validator.validateComponent({ ...component, extra: 1 }).ok).toBe(false);
  });

  afterAll(() => {
    process.stdout.write(`compiled checks: ${examples.length} example items, ${conformance.length} conformance items\n  ${tallies.join('\n  ')}\n`);
  });
});
