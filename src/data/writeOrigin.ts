/**
 * Where a model came from: when a write made `after` from `before`, the path under which they
 * differ. The resolver asks this before diffing two models, so one keystroke in a list of 10,000
 * rows does not compare 10,000 rows to find the one that changed.
 *
 * Models are remembered by identity in WeakMaps, and `after` refers to `before` by a number, not
 * a reference, so no chain of old models is kept alive.
 */

const modelIds = new WeakMap<object, number>();
let nextModelId = 1;

/**
 * A changed place in a model. `shallow`: only the container itself changed (an array's length),
 * not what lies under it; readers of the container and of its ancestors are concerned, readers of
 * its items are not.
 */
export interface PathChange {
  readonly segments: readonly string[];
  readonly shallow: boolean;
}

const origins = new WeakMap<object, { from: number; changes: readonly PathChange[] }>();

function idOf(model: object): number {
  let id = modelIds.get(model);
  if (id === undefined) {
    id = nextModelId;
    nextModelId += 1;
    modelIds.set(model, id);
  }
  return id;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Records that `after` is `before` changed at `changes` and nowhere else. */
export function recordWrite(before: unknown, after: unknown, changes: readonly PathChange[]): void {
  if (isObject(before) && isObject(after) && before !== after) origins.set(after, { from: idOf(before), changes });
}

/** Most changes one record lists; past it, one change at the root says as much. */
const MAX_RECORDED_CHANGES = 10_000;

/**
 * Adds `changes` to the record of `model`, a model its writer changed in place after the
 * recorded write (an operation's own copy, which nobody else has seen). Without a record there
 * is nothing to extend: a reader then diffs the models.
 */
export function recordInPlaceWrite(model: object, changes: readonly PathChange[]): void {
  const origin = origins.get(model);
  if (origin === undefined) return;
  const first = origin.changes[0];
  if (origin.changes.length === 1 && first !== undefined && first.segments.length === 0 && !first.shallow) return; // the root covers it
  let list = origin.changes as PathChange[];
  if (!growable.has(list)) {
    list = [...origin.changes];
    growable.add(list);
    origins.set(model, { from: origin.from, changes: list });
  }
  list.push(...changes);
  if (list.length > MAX_RECORDED_CHANGES) origins.set(model, { from: origin.from, changes: [{ segments: [], shallow: false }] });
}

/** Change lists this module made and may extend in place (lists given by callers are never changed). */
const growable = new WeakSet<object>();

/**
 * Where `after` differs from `before`, when a recorded write made one from the other; undefined
 * otherwise (the caller diffs). Everything outside the changes keeps its identity.
 */
export function writtenChanges(before: unknown, after: unknown): readonly PathChange[] | undefined {
  if (!isObject(before) || !isObject(after)) return undefined;
  const origin = origins.get(after);
  return origin !== undefined && modelIds.get(before) === origin.from ? origin.changes : undefined;
}

/**
 * What a write at `segments` changes, given the containers on its way (the existing value at each
 * proper prefix, undefined where missing): the path itself; or, where the way first meets a
 * missing container, that container (all of it is new); or, where it first meets an array it
 * writes past the end of, that array's length (shallow) and each new index (null padding
 * included, at most maxArrayPadding of them).
 */
export function writeChanges(containers: readonly unknown[], segments: readonly string[]): PathChange[] {
  for (let i = 0; i < segments.length; i += 1) {
    const container = containers[i];
    if (container === undefined || container === null) return [{ segments: segments.slice(0, i), shallow: false }];
    if (Array.isArray(container)) {
      const index = Number(segments[i]);
      if (index < container.length) continue;
      const list = segments.slice(0, i);
      const changes: PathChange[] = [{ segments: list, shallow: true }];
      for (let j = container.length; j <= index; j += 1) changes.push({ segments: [...list, String(j)], shallow: false });
      return changes;
    }
  }
  return [{ segments, shallow: false }];
}
