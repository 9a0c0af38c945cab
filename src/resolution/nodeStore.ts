/**
 * A persistent map from node ref to entry, split into hashed buckets: writing one node copies one
 * small bucket instead of the whole map, so an update in a 10,000-node tree stays cheap while
 * every tree handed out keeps its own unchanging view.
 */

const BUCKET_BITS = 8;
const BUCKET_COUNT = 1 << BUCKET_BITS;

export interface NodeStore<V> {
  readonly buckets: ReadonlyArray<ReadonlyMap<string, V> | undefined>;
  readonly size: number;
}

function bucketOf(key: string): number {
  // FNV-1a, folded to the bucket count.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (BUCKET_COUNT - 1);
}

export function emptyStore<V>(): NodeStore<V> {
  return { buckets: new Array(BUCKET_COUNT).fill(undefined), size: 0 };
}

export function storeGet<V>(store: NodeStore<V>, key: string): V | undefined {
  return store.buckets[bucketOf(key)]?.get(key);
}

export function* storeValues<V>(store: NodeStore<V>): Generator<V> {
  for (const bucket of store.buckets) if (bucket) yield* bucket.values();
}

/**
 * A batch of writes against a base store. Each touched bucket is copied once per batch;
 * `commit` returns a new store and leaves the base untouched.
 */
export class StoreWriter<V> {
  private readonly buckets: Array<Map<string, V> | undefined>;
  private readonly copied = new Set<number>();
  private size: number;

  constructor(base: NodeStore<V>) {
    this.buckets = base.buckets.slice() as Array<Map<string, V> | undefined>;
    this.size = base.size;
  }

  get(key: string): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  set(key: string, value: V): void {
    const bucket = this.writable(bucketOf(key));
    if (!bucket.has(key)) this.size += 1;
    bucket.set(key, value);
  }

  delete(key: string): void {
    const index = bucketOf(key);
    if (!this.buckets[index]?.has(key)) return;
    this.writable(index).delete(key);
    this.size -= 1;
  }

  *values(): Generator<V> {
    for (const bucket of this.buckets) if (bucket) yield* [...bucket.values()];
  }

  commit(): NodeStore<V> {
    return { buckets: this.buckets, size: this.size };
  }

  private writable(index: number): Map<string, V> {
    if (!this.copied.has(index)) {
      this.copied.add(index);
      this.buckets[index] = new Map(this.buckets[index]);
    }
    return this.buckets[index] as Map<string, V>;
  }
}
