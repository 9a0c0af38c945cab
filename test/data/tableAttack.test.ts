/**
 * The persistent table against keys a hostile agent picks: names Object.prototype has, very long
 * keys and 100,000 keys (every rehash up to the bucket cap, and past it), each checked against a
 * Map; and such names as component and surface ids through the session, before and after the
 * state went through JSON.
 */
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { emptyTable, tableEntries, tableGet, tableHas, tableKeys, tableSize, tableWith, type Table } from '../../src/data/table';
import { componentOf, componentsOf } from '../../src/model/state';
import { createSession, handleMessage, resolvedTree, sessionFrom } from '../../src/session/session';
import type { SessionState } from '../../src/model/state';

const INHERITED = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', '__defineGetter__', 'prototype', 'length'];

/** Checks every key of `model` reads back, the size and the key set; and that some absent keys are absent. */
function assertSameAs(table: Table<unknown>, model: Map<string, unknown>, absent: readonly string[] = []): void {
  expect(tableSize(table)).toBe(model.size);
  // One expectation over all keys (one per key would make 100,000 of them).
  const wrong = [...model].filter(([key, value]) => tableGet(table, key) !== value || !tableHas(table, key)).map(([key]) => key);
  expect(wrong.slice(0, 5)).toEqual([]);
  const keys = tableKeys(table);
  expect(keys.length).toBe(model.size);
  expect(keys.filter((key) => !model.has(key)).slice(0, 5)).toEqual([]);
  for (const key of absent) {
    if (model.has(key)) continue;
    expect(tableGet(table, key)).toBeUndefined();
    expect(tableHas(table, key)).toBe(false);
  }
}

test('100,000 keys: every rehash and the bucket cap; older versions unchanged; all deleted again', () => {
  const model = new Map<string, number>();
  let table = emptyTable<number>();
  const versions: Array<[Table<number>, number]> = [];
  // Added in batches of varying size, so rehashes happen inside a batch and between batches.
  let next = 0;
  for (let batch = 1; next < 100_000; batch = (batch * 7) % 5_003 + 1) {
    const entries = Array.from({ length: Math.min(batch, 100_000 - next) }, (_, i) => [`key:${next + i}`, next + i] as const);
    table = tableWith(table, entries);
    for (const [k, v] of entries) model.set(k, v);
    next += entries.length;
    if (versions.length < 20 || next === 100_000) versions.push([table, next]);
  }
  assertSameAs(table, model, INHERITED);
  // Every earlier version still holds exactly the keys it had.
  for (const [version, count] of versions) {
    expect(tableSize(version)).toBe(count);
    expect(tableGet(version, `key:${count - 1}`)).toBe(count - 1);
    expect(tableGet(version, `key:${count}`)).toBeUndefined();
  }
  // Deleting every other key, then the rest, empties it.
  const odd = [...model.keys()].filter((_, i) => i % 2 === 1);
  const half = tableWith(table, [], odd);
  for (const k of odd) model.delete(k);
  assertSameAs(half, model);
  const none = tableWith(half, [], [...model.keys()]);
  expect(tableSize(none)).toBe(0);
  expect(tableEntries(none)).toEqual([]);
  expect(tableSize(table)).toBe(100_000);
});

test('inherited names and very long keys agree with a Map, after JSON too', () => {
  const long = ['x'.repeat(100_000), 'x'.repeat(100_000 - 1) + 'y', '\u0000'.repeat(1_000), '\ud800', '__proto__ ', ' __proto__'];
  const model = new Map<string, unknown>();
  let table = emptyTable<unknown>();
  // Values that look like tables or prototypes must be stored as they are.
  const values: unknown[] = [{ buckets: [], size: 3 }, null, 0, '', { __proto__: null }, [1]];
  INHERITED.concat(long).forEach((key, i) => {
    const value = values[i % values.length];
    table = tableWith(table, [[key, value]]);
    model.set(key, value);
  });
  assertSameAs(table, model);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(({} as Record<string, unknown>).hasOwnProperty).toBe(Object.prototype.hasOwnProperty);

  const copy = JSON.parse(JSON.stringify(table)) as Table<unknown>;
  expect(tableSize(copy)).toBe(model.size);
  for (const [key, value] of model) expect(tableGet(copy, key)).toEqual(value);
  // A write into the reloaded table keeps the rest.
  const written = tableWith(copy, [['__proto__', 'again'], ['fresh', 1]], ['constructor']);
  expect(tableGet(written, '__proto__')).toBe('again');
  expect(tableGet(written, 'constructor')).toBeUndefined();
  expect(tableGet(written, 'toString')).toEqual(model.get('toString'));
  expect(tableSize(written)).toBe(model.size);
});

test('component ids that are Object.prototype names, or very long, work through the session and survive JSON', () => {
  // ('__proto__' is refused as a component id by validation, so it is not among them.)
  const ids = ['constructor', 'hasOwnProperty', 'toString', 'valueOf', 'isPrototypeOf', 'k'.repeat(2_000)];
  let session = createSession([basicCatalog()]);
  const created = handleMessage(session, {
    version: 'v1.0',
    createSurface: {
      surfaceId: 'constructor',
      catalogId: BASIC_CATALOG_ID,
      components: [{ id: 'root', component: 'Column', children: ids }, ...ids.map((id, i) => ({ id, component: 'Text', text: `text ${i}` }))],
    },
  });
  expect(created.ok ? 'ok' : created.error).toBe('ok');
  session = created.session;
  const texts = (s: typeof session) => ids.map((id) => resolvedTree(s, 'constructor')?.nodes[id]?.props.text);
  expect(texts(session)).toEqual(ids.map((_, i) => `text ${i}`));

  const reloaded = sessionFrom(session.runtime, JSON.parse(JSON.stringify(session.state)) as SessionState);
  const surface = Object.prototype.hasOwnProperty.call(reloaded.state.surfaces, 'constructor') ? reloaded.state.surfaces['constructor' as string] : undefined;
  if (surface === undefined) throw new Error('the surface did not survive the JSON round trip');
  for (const id of ids) expect(componentOf(surface, id)?.id).toBe(id);
  expect(componentsOf(surface).length).toBe(ids.length + 1);
  // Replacing two of them after the reload changes those two only.
  const updated = handleMessage(reloaded, {
    version: 'v1.0',
    updateComponents: { surfaceId: 'constructor', components: [{ id: 'constructor', component: 'Text', text: 'new constructor' }, { id: 'toString', component: 'Text', text: 'new toString' }] },
  });
  expect(updated.ok).toBe(true);
  expect(texts(updated.session)).toEqual(['new constructor', 'text 1', 'new toString', 'text 3', 'text 4', 'text 5']);
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});
