import fc from 'fast-check';
import {
  emptyTable,
  tableEntries,
  tableFromRecord,
  tableGet,
  tableHas,
  tableKeys,
  tableSize,
  tableToRecord,
  tableValues,
  tableWith,
  type Table,
} from '../../src/data/table';
import { deepFreeze } from './helpers';

function tableOf(count: number): Table<number> {
  return tableWith(emptyTable<number>(), Array.from({ length: count }, (_, i) => [`k${i}`, i] as const));
}

/** Buckets of `after` that are not the very bucket of `before` at the same place. */
function bucketsCopied(before: Table<unknown>, after: Table<unknown>): number {
  if (before.buckets.length !== after.buckets.length) return after.buckets.length;
  return after.buckets.filter((bucket, i) => bucket !== before.buckets[i]).length;
}

describe('persistent table', () => {
  test('random sets and deletes agree with a Map, and every older version keeps its contents', () => {
    const key = fc.oneof(fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', ''), fc.string({ maxLength: 4 }));
    const op = fc.oneof(
      fc.record({ set: fc.array(fc.tuple(key, fc.integer()), { maxLength: 40 }) }),
      fc.record({ remove: fc.array(key, { maxLength: 10 }) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 30 }), (ops) => {
        let table = emptyTable<number>();
        const model = new Map<string, number>();
        const history: Array<[Table<number>, Map<string, number>]> = [];
        for (const step of ops) {
          deepFreeze(table);
          if ('set' in step) {
            table = tableWith(table, step.set);
            for (const [k, v] of step.set) model.set(k, v);
          } else {
            table = tableWith(table, [], step.remove);
            for (const k of step.remove) model.delete(k);
          }
          history.push([table, new Map(model)]);
        }
        for (const [version, expected] of history) {
          expect(tableSize(version)).toBe(expected.size);
          expect(new Map(tableEntries(version))).toEqual(expected);
          for (const [k, v] of expected) {
            expect(tableGet(version, k)).toBe(v);
            expect(tableHas(version, k)).toBe(true);
          }
          expect(tableKeys(version).sort()).toEqual([...expected.keys()].sort());
          expect(tableValues(version).length).toBe(expected.size);
        }
      }),
      { numRuns: 200 },
    );
  });

  test('inherited names are never entries', () => {
    const table = tableFromRecord({ a: 1 });
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(tableGet(table, name)).toBeUndefined();
      expect(tableHas(table, name)).toBe(false);
    }
    const withProto = tableWith(table, [['__proto__', 2]]);
    expect(tableGet(withProto, '__proto__')).toBe(2);
    expect(Object.getPrototypeOf(tableToRecord(withProto))).toBe(Object.prototype);
  });

  test('is plain data: a JSON round trip reads the same', () => {
    const table = tableOf(500);
    const copy = JSON.parse(JSON.stringify(table)) as Table<number>;
    expect(copy).toEqual(table);
    expect(tableGet(copy, 'k123')).toBe(123);
    expect(tableToRecord(copy)).toEqual(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${i}`, i])));
  });

  test('the same writes in the same order give the same table', () => {
    expect(tableOf(3000)).toEqual(tableOf(3000));
  });

  test('writing one entry copies one bucket, whatever the size', () => {
    for (const size of [2_000, 20_000]) {
      const table = tableOf(size);
      const replaced = tableWith(table, [['k7', -1]]);
      expect(bucketsCopied(table, replaced)).toBe(1);
      const removed = tableWith(table, [], ['k7']);
      expect(bucketsCopied(table, removed)).toBe(1);
      // The largest bucket stays small: the bucket count grew with the table.
      const largest = Math.max(...table.buckets.map((b) => (b ? Object.keys(b).length : 0)));
      expect(largest).toBeLessThanOrEqual(64);
    }
  });

  test('a write that changes nothing returns the table itself', () => {
    const table = tableOf(10);
    expect(tableWith(table, [], ['absent'])).toBe(table);
    expect(tableWith(table, [])).toBe(table);
  });
});
