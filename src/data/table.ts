/**
 * A persistent table of string keys: plain, serializable data (an array of plain-object buckets
 * and a size) that a write copies one bucket of, not the whole table. State tables that grow
 * with a surface (its components) use it, so a message that changes k entries costs O(k) copies
 * however many entries there are; old versions stay unchanged, as Redux state must.
 *
 * Read and write it only through the functions here: which bucket holds a key is this module's
 * business. The bucket count doubles as the table grows (a rehash, paid once per doubling).
 */
import { ownValue, setOwn } from './values';

/** A persistent table of string keys as plain data: read and write it with this module's functions. */
export interface Table<V> {
  /** How many entries the table holds. */
  readonly size: number;
  /** Entries by key, spread over a power-of-two number of buckets by a hash of the key; null when empty. */
  readonly buckets: ReadonlyArray<Readonly<Record<string, V>> | null>;
}

/** Entries per bucket past which the bucket count doubles. */
const GROW_AT = 16;
/** Most buckets: past this, buckets grow instead. */
const MAX_BUCKETS = 4096;

/** FNV-1a of `key`. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const bucketIndex = (key: string, count: number): number => hashOf(key) & (count - 1);

const EMPTY: Table<never> = Object.freeze({ size: 0, buckets: Object.freeze([null]) }) as Table<never>;

/** The empty table. */
export function emptyTable<V>(): Table<V> {
  return EMPTY;
}

/** Whether `value` has the shape of a table (for guards on state from outside). */
export function isTable(value: unknown): value is Table<unknown> {
  return typeof value === 'object' && value !== null && Array.isArray((value as Table<unknown>).buckets) && typeof (value as Table<unknown>).size === 'number';
}

/** The entry of `key`, if any (own entries only: 'constructor' or 'toString' are never inherited). */
export function tableGet<V>(table: Table<V>, key: string): V | undefined {
  const bucket = table.buckets[bucketIndex(key, table.buckets.length)];
  return bucket ? ownValue(bucket, key) : undefined;
}

/** Whether the table holds `key` (own entries only). */
export function tableHas(table: Table<unknown>, key: string): boolean {
  const bucket = table.buckets[bucketIndex(key, table.buckets.length)];
  return bucket !== null && bucket !== undefined && Object.prototype.hasOwnProperty.call(bucket, key);
}

/** How many entries the table holds. */
export function tableSize(table: Table<unknown>): number {
  return table.size;
}

/** Every entry, bucket by bucket (an order that depends on the keys, not on insertion). */
export function tableEntries<V>(table: Table<V>): Array<[string, V]> {
  const out: Array<[string, V]> = [];
  for (const bucket of table.buckets) if (bucket) for (const key of Object.keys(bucket)) out.push([key, bucket[key] as V]);
  return out;
}

/** Every value, bucket by bucket. */
export function tableValues<V>(table: Table<V>): V[] {
  const out: V[] = [];
  for (const bucket of table.buckets) if (bucket) for (const key of Object.keys(bucket)) out.push(bucket[key] as V);
  return out;
}

/** Every key, bucket by bucket. */
export function tableKeys(table: Table<unknown>): string[] {
  const out: string[] = [];
  for (const bucket of table.buckets) if (bucket) out.push(...Object.keys(bucket));
  return out;
}

/**
 * `table` with `entries` set (later ones win) and `removed` keys deleted: each bucket touched is
 * copied once, the bucket array once. `table` itself is not changed.
 */
export function tableWith<V>(table: Table<V>, entries: Iterable<readonly [string, V]>, removed: Iterable<string> = []): Table<V> {
  let buckets = table.buckets as Array<Record<string, V> | null>;
  let size = table.size;
  let copiedArray = false;
  // Buckets this call made (after a rehash, every one): written in place.
  let ownsAll = false;
  const copied = new Set<number>();
  const writable = (index: number): Record<string, V> => {
    if (!copiedArray) {
      buckets = buckets.slice();
      copiedArray = true;
    }
    const old = buckets[index];
    if (ownsAll || copied.has(index)) return (buckets[index] ??= {});
    copied.add(index);
    const bucket: Record<string, V> = {};
    if (old) for (const key of Object.keys(old)) setOwn(bucket, key, old[key] as V);
    buckets[index] = bucket;
    return bucket;
  };
  for (const key of removed) {
    const index = bucketIndex(key, buckets.length);
    const bucket = buckets[index];
    if (!bucket || !Object.prototype.hasOwnProperty.call(bucket, key)) continue;
    const own = writable(index);
    delete own[key];
    size -= 1;
    if (Object.keys(own).length === 0) buckets[index] = null;
  }
  for (const [key, value] of entries) {
    if (size + 1 > GROW_AT * buckets.length && buckets.length < MAX_BUCKETS && !tableHasIn(buckets, key)) {
      buckets = rehash(buckets, buckets.length * 2);
      copiedArray = true;
      ownsAll = true;
    }
    const index = bucketIndex(key, buckets.length);
    const own = writable(index);
    if (!Object.prototype.hasOwnProperty.call(own, key)) size += 1;
    setOwn(own, key, value);
  }
  if (!copiedArray) return table;
  return { size, buckets };
}

/** A table of a record's own entries. */
export function tableFromRecord<V>(record: Readonly<Record<string, V>>): Table<V> {
  return tableWith(emptyTable<V>(), Object.entries(record));
}

/** The table's entries as one record (for display and tests; O(size)). */
export function tableToRecord<V>(table: Table<V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const [key, value] of tableEntries(table)) setOwn(out, key, value);
  return out;
}

function tableHasIn(buckets: ReadonlyArray<Readonly<Record<string, unknown>> | null>, key: string): boolean {
  const bucket = buckets[bucketIndex(key, buckets.length)];
  return bucket !== null && bucket !== undefined && Object.prototype.hasOwnProperty.call(bucket, key);
}

/** The entries of `buckets` spread over `count` buckets (every bucket new: nothing is shared with the input). */
function rehash<V>(buckets: ReadonlyArray<Readonly<Record<string, V>> | null>, count: number): Array<Record<string, V> | null> {
  const out: Array<Record<string, V> | null> = new Array<Record<string, V> | null>(count).fill(null);
  for (const bucket of buckets) {
    if (!bucket) continue;
    for (const key of Object.keys(bucket)) {
      const index = bucketIndex(key, count);
      setOwn((out[index] ??= {}), key, bucket[key] as V);
    }
  }
  return out;
}
