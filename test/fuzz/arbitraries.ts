/**
 * fast-check arbitraries for hostile agent input: messages built from the v1.0 shapes with
 * hostile parts (prototype-named keys and paths, deep nesting, huge strings, component cycles,
 * undeclared and system function calls, random call ids), mutations of the spec's example
 * conversations, and the user/timer operations interleaved with them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { SessionLimits, SessionOptions } from '../../src';
import { FUZZ_CATALOG_ID } from './catalog';
import { BASIC_CATALOG_ID } from '../../src/catalog';

export const BASIC = BASIC_CATALOG_ID;

const EXAMPLES_DIR = join(__dirname, '../fixtures/a2ui/spec/v1_0/catalogs/basic/examples');

/** The `messages` of every spec example, in file order. */
export const SPEC_EXAMPLES: ReadonlyArray<{ name: string; messages: unknown[] }> = readdirSync(EXAMPLES_DIR)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => {
    const doc = JSON.parse(readFileSync(join(EXAMPLES_DIR, name), 'utf8')) as { messages?: unknown[] };
    return { name, messages: Array.isArray(doc.messages) ? doc.messages : [] };
  });

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const OBJECT_KEYS = ['toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'polluted', 'isAdmin'];

export const COMPONENT_TYPES = [
  'Text', 'Image', 'Icon', 'Video', 'AudioPlayer', 'Row', 'Column', 'List', 'Card', 'Tabs', 'Modal',
  'Divider', 'Button', 'TextField', 'CheckBox', 'ChoicePicker', 'Slider', 'DateTimeInput',
] as const;
export const BASIC_FUNCTIONS = [
  'required', 'regex', 'length', 'numeric', 'email', 'formatString', 'formatNumber', 'formatCurrency',
  'formatDate', 'pluralize', 'openUrl', 'and', 'or', 'not',
] as const;

/** Surface ids: a few shared ones (so messages collide), prototype names, and odd strings. */
export const SURFACE_IDS = ['A', 'B', 'C', ...PROTO_KEYS, 'toString', ''] as const;
export const surfaceIdArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('A', 'B', 'C') },
  { weight: 2, arbitrary: fc.constantFrom<string>(...SURFACE_IDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);

const COMPONENT_IDS = ['root', 'a', 'b', 'c', 'd', 'e', 'item', ...PROTO_KEYS, 'toString', 'hasOwnProperty'] as const;
const componentIdArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom('root', 'a', 'b', 'c', 'd', 'e', 'item') },
  { weight: 1, arbitrary: fc.constantFrom<string>(...COMPONENT_IDS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

// ------------------------------------------------------------------ hostile values

/** An object whose keys are own data properties, even `__proto__` (as JSON.parse makes them). */
export function ownObject(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

/** `{ x: { x: … leaf } }` or `[[[…]]]`, `depth` levels, built without recursion. */
export function nested(depth: number, leaf: unknown = 1, kind: 'object' | 'array' = 'object'): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = kind === 'object' ? { x: value } : [value];
  return value;
}

const keyArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'b', 'name', 'items', 'label', 'value', 'path', 'call', 'args', 'id') },
  { weight: 3, arbitrary: fc.constantFrom<string>(...PROTO_KEYS, ...OBJECT_KEYS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 5 }) },
);

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 1000 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 2, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, -0, Number.NaN, Number.POSITIVE_INFINITY, '${/a}', '${formatString(${/a})}', 'javascript:alert(1)') },
);

/** JSON-ish values with prototype-named keys, some non-JSON leaves, bounded depth. */
export const hostileValueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: scalarArb },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 2, arbitrary: fc.array(fc.tuple(keyArb, tie('value')), { maxLength: 4 }).map(ownObject) },
  ),
})).value;

/** Something bigger than it should be: deep nesting or a huge string. */
export const oversizedArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.tuple(fc.integer({ min: 45, max: 140 }), fc.constantFrom<'object' | 'array'>('object', 'array')).map(([d, k]) => nested(d, 'deep', k)),
  fc.integer({ min: 5_000, max: 60_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 200, max: 3_000 }).map((n) => Array.from({ length: n }, (_, i) => ({ label: `item ${i}` }))),
);

export const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: hostileValueArb },
  { weight: 1, arbitrary: oversizedArb },
);

// ------------------------------------------------------------------ paths

const segmentArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom('a', 'b', 'name', 'items', 'label', '0', '1', '2') },
  { weight: 3, arbitrary: fc.constantFrom<string>(...PROTO_KEYS, 'toString', 'polluted', 'length') },
  { weight: 2, arbitrary: fc.constantFrom('', '-', '~0', '~1', '~', '01', '4294967296', '999999', '.', '..') },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);

/** JSON Pointers and relative paths, many of them aimed at prototypes. */
export const pathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.array(segmentArb, { maxLength: 5 }).map((s) => `/${s.join('/')}`) },
  { weight: 2, arbitrary: fc.array(segmentArb, { minLength: 1, maxLength: 3 }).map((s) => s.join('/')) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '/', '', '.', '//', '/a/', '/__proto__/polluted', '/constructor/prototype/polluted', '/prototype/polluted',
      '__proto__/polluted', '/items/0/__proto__/polluted', '/a/b/../../__proto__',
    ),
  },
  { weight: 1, arbitrary: fc.integer({ min: 65, max: 400 }).map((n) => '/a'.repeat(n)) },
);

// ------------------------------------------------------------------ dynamic values and calls

const functionNameArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<string>(...BASIC_FUNCTIONS) },
  { weight: 3, arbitrary: fc.constantFrom('fetchPrice', 'lookup', 'undeclaredFn') },
  { weight: 2, arbitrary: fc.constantFrom('@index', '@bogus', '@', ...PROTO_KEYS, 'toString', 'hasOwnProperty') },
  { weight: 1, arbitrary: fc.string({ maxLength: 5 }) },
);

const catalogIdArb: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constant(BASIC) },
  { weight: 1, arbitrary: fc.constantFrom('https://evil.example/catalog.json', '__proto__', '') },
);

function withOptional<T extends Record<string, unknown>>(base: T, key: string, value: unknown): T {
  return value === undefined ? base : { ...base, [key]: value };
}

/** Arguments some basic functions act on with interesting results. */
const specialArgsArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom<Record<string, unknown>>(
    { value: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', pattern: '(a+)+$' },
    { value: { path: '/name' }, pattern: '^(a|aa)*$' },
    { value: 'x', pattern: '(' },
    { value: 'x', pattern: '(?<=a)b' },
    { url: 'javascript:alert(1)' },
    { url: ' JaVaScRiPt:alert(1)' },
    { url: 'https://example.com/' },
    { url: { path: '/url' } },
    { value: 'Hi ${/name} ${formatNumber(value: ${/n})}' },
    { value: '${'.repeat(40) },
    { value: '${/a}'.repeat(3000) },
    { values: [true, { call: 'not', args: { value: false } }] },
    { value: 12, currency: 'EUR' },
    { value: '2026-02-30', format: 'yyyy' },
    { value: 1, one: 'item', other: 'items' },
    { offset: 1 },
  ),
  fc.record({ value: fc.string({ maxLength: 30 }), pattern: fc.stringMatching(/^[a()+*?|^$.\\[\]{}0-9,]{0,14}$/) }),
);

export const dynamicArb: fc.Arbitrary<unknown> = fc.letrec<{ dyn: unknown; call: Record<string, unknown> }>((tie) => ({
  dyn: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: scalarArb },
    { weight: 4, arbitrary: pathArb.map((path) => ({ path })) },
    { weight: 3, arbitrary: tie('call') },
    { weight: 1, arbitrary: fc.array(tie('dyn'), { maxLength: 3 }) },
  ),
  call: fc
    .tuple(
      functionNameArb,
      fc.oneof(
        { weight: 3, arbitrary: fc.array(fc.tuple(keyArb, tie('dyn')), { maxLength: 3 }).map(ownObject) },
        { weight: 2, arbitrary: specialArgsArb },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(undefined, null, 'args', [1]) },
      ),
      catalogIdArb,
    )
    .map(([call, args, catalogId]) => withOptional(withOptional({ call }, 'args', args), 'catalogId', catalogId)),
})).dyn;

const actionArb: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.constantFrom('submit', 'click', '__proto__'), fc.array(fc.tuple(keyArb, dynamicArb), { maxLength: 3 }).map(ownObject))
      .map(([name, context]) => ({ event: { name, context } })),
  },
  {
    weight: 3,
    arbitrary: fc.oneof(
      dynamicArb.filter((d) => typeof d === 'object' && d !== null && 'call' in d),
      fc.constantFrom<unknown>(
        { call: 'openUrl', args: { url: 'https://example.com/a' } },
        { call: 'openUrl', args: { url: 'javascript:alert(1)' } },
        { call: 'openUrl', args: { url: { path: '/url' } } },
        { call: 'fetchPrice', args: { sku: { path: '/name' } } },
      ),
    ).map((functionCall) => ({ functionCall })),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, 'go', {}, { event: {} }, { event: { name: 1 } }, { functionCall: 'x' }) },
);

const childListArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.array(componentIdArb, { maxLength: 4 }) },
  { weight: 3, arbitrary: fc.tuple(componentIdArb, pathArb).map(([componentId, path]) => ({ componentId, path })) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ componentId: 'item', path: '/items' }, 'root', 7, null, [1, null]) },
);

/** A component: a type (known, unknown, reserved or prototype-named) with random properties. */
export const componentArb: fc.Arbitrary<Record<string, unknown>> = fc
  .record(
    {
      id: componentIdArb,
      component: fc.oneof(
        { weight: 12, arbitrary: fc.constantFrom<string>(...COMPONENT_TYPES) },
        { weight: 1, arbitrary: fc.constantFrom('Bogus', 'Surface', ...PROTO_KEYS) },
      ),
      text: dynamicArb,
      label: dynamicArb,
      value: fc.oneof(pathArb.map((path) => ({ path })), dynamicArb),
      child: fc.oneof({ weight: 4, arbitrary: componentIdArb }, { weight: 1, arbitrary: dynamicArb }),
      children: childListArb,
      action: actionArb,
      checks: fc.array(fc.record({ condition: dynamicArb, message: fc.string({ maxLength: 6 }) }), { maxLength: 2 }),
      url: dynamicArb,
      catalogId: catalogIdArb,
      extra: fc.tuple(keyArb, valueArb),
    },
    { requiredKeys: ['id', 'component'] },
  )
  .map((raw) => {
    const { extra, ...rest } = raw as Record<string, unknown> & { extra?: [string, unknown] };
    const entries = Object.entries(rest).filter(([, v]) => v !== undefined);
    if (extra) entries.push(extra);
    return ownObject(entries);
  });

/** Components that point at each other: a guaranteed cycle through `root`. */
export const cycleArb: fc.Arbitrary<Record<string, unknown>[]> = fc
  .tuple(fc.integer({ min: 1, max: 5 }), fc.constantFrom('Column', 'Row', 'Card', 'List'))
  .map(([n, type]) =>
    Array.from({ length: n }, (_, i) => {
      const id = i === 0 ? 'root' : `c${i}`;
      const next = i + 1 === n ? 'root' : `c${i + 1}`;
      return type === 'Card' ? { id, component: type, child: next } : { id, component: type, children: [next] };
    }),
  );

/** A valid chain of nested Columns, `depth` deep (for the tree-depth limit). */
export function deepChain(depth: number): Record<string, unknown>[] {
  return Array.from({ length: depth }, (_, i) => {
    const id = i === 0 ? 'root' : `n${i}`;
    return i + 1 === depth ? { id, component: 'Text', text: 'leaf' } : { id, component: 'Column', children: [`n${i + 1}`] };
  });
}

const componentsArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.array(componentArb, { minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: cycleArb },
  { weight: 1, arbitrary: fc.integer({ min: 2, max: 90 }).map(deepChain) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], null, 'root', [null], [{}], [{ id: 'root' }]) },
);

// ------------------------------------------------------------------ messages

const functionCallIdArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 8 }).map((n) => `call-${n}`) },
  { weight: 1, arbitrary: fc.constantFrom('', 'call-0', 'call-999', ...PROTO_KEYS, 'toString') },
);

const createSurfaceArb = fc
  .record(
    {
      surfaceId: surfaceIdArb,
      catalogId: fc.oneof({ weight: 8, arbitrary: fc.constant(BASIC) }, { weight: 1, arbitrary: catalogIdArb }),
      components: componentsArb,
      dataModel: fc.oneof(fc.constant({ name: 'Ada', n: 3, url: 'https://example.com/', items: [{ label: 'x' }, { label: 'y' }] }), valueArb),
      sendDataModel: fc.oneof(fc.boolean(), fc.constant('yes')),
      metadata: hostileValueArb,
    },
    { requiredKeys: ['surfaceId'] },
  )
  .map((body) => ({ createSurface: body }));

const updateComponentsArb = fc
  .record({ surfaceId: surfaceIdArb, components: componentsArb }, { requiredKeys: ['surfaceId'] })
  .map((body) => ({ updateComponents: body }));

const updateDataModelArb = fc
  .record({ surfaceId: surfaceIdArb, path: pathArb, value: valueArb }, { requiredKeys: ['surfaceId'] })
  .map((body) => ({ updateDataModel: body }));

const deleteSurfaceArb = fc.record({ surfaceId: surfaceIdArb }, { requiredKeys: [] }).map((body) => ({ deleteSurface: body }));

const callRendererFunctionArb = fc
  .record(
    {
      functionCallId: fc.oneof({ weight: 9, arbitrary: fc.constant('rf') }, { weight: 1, arbitrary: fc.constantFrom<unknown>(1, null) }),
      callFunction: fc.oneof(
        {
          weight: 5,
          arbitrary: fc
            .tuple(functionNameArb, fc.oneof(catalogIdArb, fc.constant(BASIC)), fc.oneof(specialArgsArb, hostileValueArb))
            .map(([call, catalogId, args]) => withOptional(withOptional({ call }, 'catalogId', catalogId ?? BASIC), 'args', args)),
        },
        { weight: 1, arbitrary: hostileValueArb },
      ),
    },
    { requiredKeys: ['functionCallId'] },
  )
  .map((body) => ({ callRendererFunction: body }));

const agentFunctionResponseArb = fc
  .tuple(
    functionCallIdArb,
    fc.oneof(
      { weight: 4, arbitrary: valueArb.map((value) => ({ value })) },
      { weight: 2, arbitrary: fc.record({ code: fc.constantFrom('E', 'TIMEOUT', '__proto__'), message: fc.string({ maxLength: 8 }) }).map((error) => ({ error })) },
      { weight: 1, arbitrary: fc.constantFrom<Record<string, unknown>>({}, { value: 1, error: { code: 'E', message: 'm' } }, { error: 'bad' }) },
    ),
  )
  .map(([functionCallId, rest]) => ({ agentFunctionResponse: { functionCallId, ...rest } }));

const bodyArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 5, arbitrary: createSurfaceArb },
  { weight: 5, arbitrary: updateComponentsArb },
  { weight: 4, arbitrary: updateDataModelArb },
  { weight: 1, arbitrary: deleteSurfaceArb },
  { weight: 2, arbitrary: callRendererFunctionArb },
  { weight: 2, arbitrary: agentFunctionResponseArb },
);

/** One agent→renderer message: mostly well-enveloped, sometimes with a bad version or extra bodies. */
export const messageArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 12, arbitrary: bodyArb.map((body) => ({ version: 'v1.0', ...body })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(bodyArb, fc.oneof(fc.constantFrom<unknown>('v0.9', 'v1', 1, null, undefined), fc.tuple(keyArb, hostileValueArb)))
      .map(([body, twist]) =>
        Array.isArray(twist) ? ownObject([['version', 'v1.0'], ...Object.entries(body), [twist[0] as string, twist[1]]]) : { version: twist, ...body },
      ),
  },
  { weight: 1, arbitrary: fc.tuple(bodyArb, bodyArb).map(([a, b]) => ({ version: 'v1.0', ...a, ...b })) },
  { weight: 1, arbitrary: hostileValueArb },
);

/** Mutations applied to a spec example: where (an index into its containers) and what. */
export type Mutation =
  | { op: 'drop'; at: number; key: number }
  | { op: 'rename'; at: number; key: number; to: string }
  | { op: 'replace'; at: number; key: number; value: unknown }
  | { op: 'swapType'; at: number; key: number; to: 'string' | 'number' | 'array' | 'object' | 'null' | 'boolean' }
  | { op: 'duplicate'; at: number; key: number }
  | { op: 'surface'; to: string };

export const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant<'drop'>('drop'), at: fc.nat(), key: fc.nat() }),
  fc.record({ op: fc.constant<'rename'>('rename'), at: fc.nat(), key: fc.nat(), to: keyArb }),
  fc.record({ op: fc.constant<'replace'>('replace'), at: fc.nat(), key: fc.nat(), value: valueArb }),
  fc.record({
    op: fc.constant<'swapType'>('swapType'),
    at: fc.nat(),
    key: fc.nat(),
    to: fc.constantFrom<'string' | 'number' | 'array' | 'object' | 'null' | 'boolean'>('string', 'number', 'array', 'object', 'null', 'boolean'),
  }),
  fc.record({ op: fc.constant<'duplicate'>('duplicate'), at: fc.nat(), key: fc.nat() }),
  fc.record({ op: fc.constant<'surface'>('surface'), to: surfaceIdArb }),
);

function containersOf(root: unknown): Array<Record<string, unknown> | unknown[]> {
  const out: Array<Record<string, unknown> | unknown[]> = [];
  const stack: unknown[] = [root];
  while (stack.length > 0 && out.length < 5_000) {
    const next = stack.pop();
    if (typeof next !== 'object' || next === null) continue;
    out.push(next as Record<string, unknown>);
    for (const value of Object.values(next)) stack.push(value);
  }
  return out;
}

function swapped(value: unknown, to: string): unknown {
  switch (to) {
    case 'string':
      return typeof value === 'string' ? 7 : JSON.stringify(value) ?? 'undefined';
    case 'number':
      return typeof value === 'number' ? 'NaN' : 42;
    case 'array':
      return Array.isArray(value) ? { 0: value[0] } : [value];
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? [value] : { value };
    case 'boolean':
      return typeof value !== 'boolean';
    default:
      return null;
  }
}

function renameSurfaces(root: unknown, to: string): void {
  for (const container of containersOf(root)) {
    if (!Array.isArray(container) && typeof container.surfaceId === 'string') container.surfaceId = to;
  }
}

/** Applies mutations (in place) to a deep copy of an example's messages. */
export function mutateExample(messages: readonly unknown[], mutations: readonly Mutation[]): unknown[] {
  const copy = JSON.parse(JSON.stringify(messages)) as unknown[];
  for (const mutation of mutations) {
    if (mutation.op === 'surface') {
      renameSurfaces(copy, mutation.to);
      continue;
    }
    const containers = containersOf(copy);
    const target = containers[mutation.at % containers.length];
    if (target === undefined) continue;
    const keys = Object.keys(target);
    if (keys.length === 0) {
      if (mutation.op === 'replace' && !Array.isArray(target)) target.injected = mutation.value;
      continue;
    }
    const key = keys[mutation.key % keys.length] as string;
    const record = target as Record<string, unknown>;
    switch (mutation.op) {
      case 'drop':
        if (Array.isArray(target)) target.splice(Number(key), 1);
        else delete record[key];
        break;
      case 'rename':
        if (Array.isArray(target)) break;
        Object.defineProperty(record, mutation.to, { value: record[key], enumerable: true, writable: true, configurable: true });
        if (mutation.to !== key) delete record[key];
        break;
      case 'replace':
        record[key] = mutation.value;
        break;
      case 'swapType':
        record[key] = swapped(record[key], mutation.to);
        break;
      case 'duplicate':
        if (Array.isArray(target)) target.push(JSON.parse(JSON.stringify(target[Number(key)] ?? null)));
        else record[`${key}2`] = record[key];
        break;
    }
  }
  return copy;
}

/** A spec example's messages with 0–4 mutations (0 keeps a valid conversation in the mix). */
export const mutatedExampleArb: fc.Arbitrary<unknown[]> = fc
  .tuple(fc.nat({ max: SPEC_EXAMPLES.length - 1 }), fc.array(mutationArb, { maxLength: 4 }), fc.constantFrom('A', 'B', 'C'))
  .map(([index, mutations, surfaceId]) => {
    const example = SPEC_EXAMPLES[index] as { messages: unknown[] };
    return mutateExample(example.messages, [{ op: 'surface', to: surfaceId }, ...mutations]);
  });

// ------------------------------------------------------------------ well-formed conversations

/** Data paths a realistic surface binds, plus a few aimed at prototypes. */
const bindPathArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('/name', '/n', '/items', '/items/0/label', '/url', '/flag', '/tags') },
  { weight: 2, arbitrary: fc.constantFrom('/__proto__/polluted', '/constructor/prototype/polluted', '/prototype', 'label') },
);

/** Template-scope paths (relative) for the `item` component. */
const itemPathArb: fc.Arbitrary<string> = fc.constantFrom('label', 'price', '', '.', '/name', '__proto__');

const agentCallArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  fc.constantFrom('fetchPrice', 'lookup').chain((call) =>
    fc.oneof(
      fc.constant({ call, args: { sku: { path: '/name' } } }),
      fc.constant({ call, args: { q: 'static' } }),
      fc.constant({ call, args: {} }),
    ),
  ),
  fc.constant({ call: 'remote', catalogId: FUZZ_CATALOG_ID, args: { q: { path: '/n' } } }),
);

/** A DynamicString a real agent would send. */
export const dynStringArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 10 }) },
  { weight: 4, arbitrary: bindPathArb.map((path) => ({ path })) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom('Hi ${/name}', '${/n} items', '${formatNumber(value: ${/n}, decimals: 2)}', '${/items/0/label}', '${fetchPrice(sku: ${/name})}', '${' + 'formatString(value: '.repeat(3) + "'x'" + ')'.repeat(3) + '}', '$' + '{/a}')
      .map((value) => ({ call: 'formatString', args: { value } })),
  },
  { weight: 2, arbitrary: agentCallArb },
  { weight: 1, arbitrary: fc.constant({ call: 'pluralize', args: { value: { path: '/n' }, one: 'item', other: 'items' } }) },
  { weight: 1, arbitrary: fc.constant({ call: 'echo', catalogId: FUZZ_CATALOG_ID, args: { value: { path: '/name' } } }) },
  { weight: 1, arbitrary: fc.constantFrom({ call: 'secret', catalogId: FUZZ_CATALOG_ID }, { call: 'activated', catalogId: FUZZ_CATALOG_ID }, { call: 'thrower', catalogId: FUZZ_CATALOG_ID }) },
);

const checkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ condition: { call: 'required', args: { value: { path: '/name' } } }, message: 'required' }),
  fc.constant({ condition: { call: 'email', args: { value: { path: '/name' } } }, message: 'email' }),
  fc.constant({ condition: { call: 'regex', args: { value: { path: '/name' }, pattern: '^[A-Z]' } }, message: 'capital' }),
  fc.constant({ condition: { call: 'regex', args: { value: { path: '/name' }, pattern: '(a+)+$' } }, message: 'redos' }),
  fc.constant({ condition: { call: 'length', args: { value: { path: '/name' }, min: 2, max: 20 } }, message: 'length' }),
  fc.constant({ condition: { call: 'fetchPrice', args: {} }, message: 'agent check' }),
);

const wellFormedActionArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ event: { name: 'submit', context: { name: { path: '/name' }, n: { path: '/n' }, fixed: 'x' } } }) },
  {
    weight: 3,
    arbitrary: fc
      .constantFrom<unknown>('https://example.com/a', 'http://example.com/', { path: '/url' }, 'javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,x', '/relative', 'file:///etc/passwd')
      .map((url) => ({ functionCall: { call: 'openUrl', args: { url } } })),
  },
  { weight: 2, arbitrary: agentCallArb.map((functionCall) => ({ functionCall })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(bindPathArb, fc.jsonValue({ maxDepth: 2 }))
      .map(([path, value]) => ({ functionCall: { call: 'setData', catalogId: FUZZ_CATALOG_ID, args: { path, value } } })),
  },
  { weight: 1, arbitrary: fc.constantFrom<unknown>({ functionCall: { call: 'activated', catalogId: FUZZ_CATALOG_ID } }, { functionCall: { call: 'thrower', catalogId: FUZZ_CATALOG_ID } }, { functionCall: { call: 'secret', catalogId: FUZZ_CATALOG_ID } }) },
);

const WELL_FORMED_IDS = ['root', 'a', 'b', 'c', 'd', 'e', 'item'] as const;

/** A component that fits its basic-catalog schema; children mostly point forward (back edges make cycles). */
function wellFormedComponentArb(index: number): fc.Arbitrary<Record<string, unknown>> {
  const id = WELL_FORMED_IDS[index] as string;
  const later = WELL_FORMED_IDS.slice(index + 1, 6) as readonly string[];
  const anyId = fc.constantFrom<string>(...WELL_FORMED_IDS);
  const childId = later.length === 0 ? anyId : fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...later) }, { weight: 1, arbitrary: anyId });
  const withChecks = <T extends Record<string, unknown>>(base: fc.Arbitrary<T>) =>
    fc.tuple(base, fc.array(checkArb, { maxLength: 2 })).map(([c, checks]) => (checks.length > 0 ? { ...c, checks } : c));
  const text = fc.record({ component: fc.constant('Text'), text: index === 6 ? fc.oneof(itemPathArb.map((path) => ({ path })), dynStringArb) : dynStringArb });
  const leaves = [
    text,
    fc.record({ component: fc.constant('Image'), url: dynStringArb }),
    withChecks(fc.record({ component: fc.constant('TextField'), label: dynStringArb, value: bindPathArb.map((path) => ({ path })) })),
    fc.record({ component: fc.constant('TextField'), label: dynStringArb, value: bindPathArb.map((path) => ({ path })) }),
    fc.record({ component: fc.constant('CheckBox'), label: dynStringArb, value: fc.oneof(fc.constant({ path: '/flag' }), fc.boolean()) }),
    fc.record({ component: fc.constant('Slider'), value: fc.constant({ path: '/n' }), max: fc.constant(10) }),
  ];
  const containers =
    later.length === 0
      ? []
      : [
          fc.record({ component: fc.constantFrom('Column', 'Row'), children: fc.subarray([...later], { minLength: 1 }) }),
          fc.record({ component: fc.constant('List'), children: fc.record({ componentId: fc.constantFrom('item', ...later), path: fc.constantFrom('/items', '/tags', '/name', '/missing') }) }),
          fc.record({ component: fc.constant('Card'), child: childId }),
          withChecks(fc.record({ component: fc.constant('Button'), child: childId, action: wellFormedActionArb })),
          fc.record({ component: fc.constant('Button'), child: childId, action: wellFormedActionArb }),
          fc.record({ component: fc.constant('Button'), child: childId, action: wellFormedActionArb }),
          fc.record({ component: fc.constant('Tabs'), tabs: fc.array(fc.record({ title: dynStringArb, child: childId }), { minLength: 1, maxLength: 2 }) }),
          fc.record({ component: fc.constant('Modal'), trigger: childId, content: childId }),
        ];
  return fc.oneof(...(index === 0 ? containers : [...containers, ...leaves, ...leaves])).map((c) => ({ id, ...c }));
}

/** A whole component list: root and some of a–e, plus the template item. */
export const wellFormedComponentsArb: fc.Arbitrary<Record<string, unknown>[]> = fc
  .tuple(...WELL_FORMED_IDS.map((_, i) => fc.option(wellFormedComponentArb(i), { nil: undefined, freq: 4 })), wellFormedComponentArb(0))
  .map(([, ...rest]) => {
    const root = rest.pop() as Record<string, unknown>;
    return [root, ...(rest.filter((c) => c !== undefined) as Record<string, unknown>[])];
  });

export const baseDataArb: fc.Arbitrary<Record<string, unknown>> = fc.record({
  name: fc.oneof(fc.constantFrom('Ada', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!', 'a@b.co', ''), fc.string({ maxLength: 8 })),
  n: fc.integer({ min: -2, max: 20 }),
  url: fc.constantFrom('https://example.com/x', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,hi', 'vbscript:x', 'blob:https://x/y', 'file:///etc/passwd', 'relative/path', ' https://ok.example/'),
  flag: fc.boolean(),
  items: fc.array(fc.record({ label: fc.string({ maxLength: 5 }), price: fc.integer({ min: 0, max: 99 }) }), { maxLength: 5 }),
  tags: fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
});

const wellFormedBodyArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ surfaceId: fc.constantFrom('A', 'B', 'C'), components: wellFormedComponentsArb, dataModel: baseDataArb, sendDataModel: fc.boolean() })
      .map((body) => ({ createSurface: { catalogId: BASIC, ...body } })),
  },
  { weight: 4, arbitrary: fc.record({ surfaceId: fc.constantFrom('A', 'B', 'C'), components: wellFormedComponentsArb }).map((body) => ({ updateComponents: body })) },
  {
    weight: 4,
    arbitrary: fc
      .record({ surfaceId: fc.constantFrom('A', 'B', 'C'), path: fc.oneof(bindPathArb, pathArb), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), baseDataArb.map((d) => d.items), fc.constant(null)) })
      .map((body) => ({ updateDataModel: body })),
  },
  { weight: 1, arbitrary: fc.constantFrom('A', 'B', 'C').map((surfaceId) => ({ deleteSurface: { surfaceId } })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('echo', 'setData', 'secret', 'activated', 'thrower', 'remote', 'agentOnly', 'missing', 'required', 'openUrl'),
        fc.oneof(fc.constant({ value: { path: '/name' } }), fc.constant({ path: '/name', value: 'set by agent' }), fc.constant({ path: '/__proto__/polluted', value: true }), fc.constant({ url: 'https://example.com' })),
      )
      .map(([call, args]) => ({
        callRendererFunction: { functionCallId: 'rf', callFunction: { call, catalogId: ['required', 'openUrl'].includes(call) ? BASIC : FUZZ_CATALOG_ID, args } },
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(functionCallIdArb, fc.oneof(fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value })), fc.constant({ error: { code: 'E', message: 'agent failed' } })))
      .map(([functionCallId, rest]) => ({ agentFunctionResponse: { functionCallId, ...rest } })),
  },
);

/** Valid messages a real agent would send; mutations then make them hostile. */
export const wellFormedMessagesArb: fc.Arbitrary<unknown[]> = fc
  .tuple(fc.array(wellFormedBodyArb, { minLength: 1, maxLength: 4 }), fc.array(mutationArb, { maxLength: 3 }), fc.nat({ max: 3 }))
  .map(([bodies, mutations, keep]) => {
    const messages = bodies.map((body) => ({ version: 'v1.0', ...body }));
    // Half of the time the messages stay valid; otherwise they are mutated.
    return keep < 2 ? messages : mutateExample(messages, mutations);
  });

/** How a payload is packed: one message, an array, a `{messages}` wrapper, or JSON text. */
export type Packing = 'single' | 'array' | 'wrapper' | 'text' | 'textWrapper';

export interface PayloadSpec {
  messages: unknown[];
  packing: Packing;
}

export const payloadArb: fc.Arbitrary<PayloadSpec> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ messages: wellFormedMessagesArb, packing: fc.constantFrom<Packing>('single', 'array', 'array', 'wrapper', 'text') }) },
  { weight: 3, arbitrary: fc.record({ messages: fc.array(messageArb, { minLength: 1, maxLength: 4 }), packing: fc.constantFrom<Packing>('single', 'array', 'wrapper', 'text', 'textWrapper') }) },
  { weight: 3, arbitrary: fc.record({ messages: mutatedExampleArb, packing: fc.constantFrom<Packing>('array', 'wrapper', 'text') }) },
);

/** Turns a payload spec into what handleMessage receives. Single packing sends the first message. */
export function pack(spec: PayloadSpec): unknown {
  switch (spec.packing) {
    case 'single':
      return spec.messages[0];
    case 'array':
      return spec.messages;
    case 'wrapper':
      return { messages: spec.messages };
    case 'text':
      return safeStringify(spec.messages);
    case 'textWrapper':
      return safeStringify({ messages: spec.messages });
  }
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'undefined';
  } catch {
    return '[';
  }
}

/** Garbage payloads that are not messages at all. */
export const garbagePayloadArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom<unknown>('', ' ', '{', 'null', '[]', '{"messages": 1}', '{"messages": [], "x": 1}', '\uFEFF[]', '{"__proto__": {"polluted": 1}, "version": "v1.0"}'),
);

// ------------------------------------------------------------------ sessions and operations

export const sessionOptionsArb: fc.Arbitrary<SessionOptions> = fc.record({
  validation: fc.constantFrom<'strict' | 'lenient'>('strict', 'strict', 'lenient'),
  defaultTimeoutMs: fc.constantFrom<number | null>(10_000, 50, null),
  limits: fc.oneof(
    { weight: 3, arbitrary: fc.constant<Partial<SessionLimits>>({}) },
    {
      weight: 1,
      arbitrary: fc.constant<Partial<SessionLimits>>({
        maxComponentsPerSurface: 12,
        maxTreeDepth: 6,
        maxTemplateItems: 3,
        maxNodes: 25,
        maxDataDepth: 8,
        maxDataModelBytes: 4_000,
        maxMessagesPerPayload: 3,
        maxPayloadBytes: 20_000,
        maxValueDepth: 12,
      }),
    },
  ),
});

/** One step of a conversation: an agent payload, a user operation, a timer, or dispose. */
export type Operation =
  | { kind: 'payload'; payload: PayloadSpec; userActivated: boolean; surfaceId: string | undefined }
  | { kind: 'garbage'; payload: unknown }
  | { kind: 'write'; surface: number; node: number; property: number | string; value: unknown }
  | { kind: 'invoke'; surface: number; node: number; property: number | string }
  | { kind: 'timeout'; call: number | string }
  | { kind: 'answer'; call: number; outcome: { value: unknown } | { error: { code: string; message: string } } }
  | { kind: 'dispose' };

export const operationArb: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant<'payload'>('payload'),
      payload: payloadArb,
      userActivated: fc.boolean(),
      surfaceId: fc.option(surfaceIdArb, { nil: undefined }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant<'garbage'>('garbage'), payload: garbagePayloadArb }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant<'write'>('write'),
      surface: fc.nat(),
      node: fc.nat(),
      property: fc.oneof({ weight: 4, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom('value', 'text', '__proto__', 'constructor') }),
      value: fc.oneof(
        { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
        { weight: 2, arbitrary: hostileValueArb },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(() => 1, new Date(0), new Map(), Symbol('s'), 10n, Number.NaN, undefined, Number.POSITIVE_INFINITY) },
      ),
    }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant<'invoke'>('invoke'),
      surface: fc.nat(),
      node: fc.nat(),
      property: fc.oneof({ weight: 4, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom('action', '__proto__', 'children') }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant<'timeout'>('timeout'), call: fc.oneof(fc.nat(), fc.constantFrom('call-999', '__proto__', '')) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant<'answer'>('answer'),
      call: fc.nat(),
      outcome: fc.oneof(
        valueArb.map((value) => ({ value })),
        fc.record({ code: fc.constantFrom('E', 'NOPE'), message: fc.string({ maxLength: 6 }) }).map((error) => ({ error })),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.constant<Operation>({ kind: 'dispose' }) },
);

/** A valid createSurface for `surfaceId` (the usual opening of a conversation). */
export function openingArb(surfaceId: string): fc.Arbitrary<Operation> {
  return fc
    .record({ components: wellFormedComponentsArb, dataModel: baseDataArb, sendDataModel: fc.boolean() })
    .map((body) => ({
      kind: 'payload' as const,
      payload: { messages: [{ version: 'v1.0', createSurface: { surfaceId, catalogId: BASIC, ...body } }], packing: 'single' as const },
      userActivated: false,
      surfaceId: undefined,
    }));
}

/** Options, an opening (surfaces A and usually B), then random operations. */
export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    options: sessionOptionsArb,
    opening: fc.tuple(openingArb('A'), fc.option(openingArb('B'), { nil: undefined, freq: 4 })),
    operations: fc.array(operationArb, { minLength: 1, maxLength: 10 }),
  })
  .map(({ options, opening, operations }) => ({
    options,
    operations: [...opening.filter((op): op is Operation => op !== undefined), ...operations],
  }));

export type Scenario = { options: SessionOptions; operations: Operation[] };
