/**
 * The paths where two data models differ, as segment lists. Structural sharing makes this cheap:
 * identical subtrees are skipped by `===`, so the walk follows only what an update touched.
 */
import { writtenChanges, type PathChange } from '../data/writeOrigin';

const isContainer = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * Changes covering every difference between two models. A model made from the other by one
 * recorded write (writeOrigin.ts) answers from the record, without a walk; otherwise the models
 * are diffed.
 */
export function changedPaths(before: unknown, after: unknown, maxPaths = 10_000): readonly PathChange[] {
  return writtenChanges(before, after) ?? diffModels(before, after, maxPaths);
}

/**
 * The places where two models differ, found by walking both; past `maxPaths`, the root. A list
 * whose length changed is a shallow change (its readers and their ancestors), since the items
 * that differ are reported one by one.
 */
export function diffModels(before: unknown, after: unknown, maxPaths = 10_000): PathChange[] {
  const out: PathChange[] = [];
  const stack: Array<[unknown, unknown, string[]]> = [[before, after, []]];
  while (stack.length > 0) {
    const [a, b, segments] = stack.pop() as [unknown, unknown, string[]];
    if (a === b) continue;
    if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) {
      out.push({ segments, shallow: false });
    } else if (Array.isArray(a)) {
      const list = b as unknown as unknown[];
      // A length change is a change of the list itself: templates read it.
      if (a.length !== list.length) out.push({ segments, shallow: true });
      const longest = Math.max(a.length, list.length);
      for (let i = 0; i < longest; i += 1) {
        if (i >= a.length || i >= list.length) out.push({ segments: [...segments, String(i)], shallow: false });
        else if (a[i] !== list[i]) stack.push([a[i], list[i], [...segments, String(i)]]);
      }
    } else {
      for (const key of Object.keys(a)) {
        if (!Object.prototype.hasOwnProperty.call(b, key)) out.push({ segments: [...segments, key], shallow: false });
        else if (a[key] !== b[key]) stack.push([a[key], b[key], [...segments, key]]);
      }
      for (const key of Object.keys(b)) {
        if (!Object.prototype.hasOwnProperty.call(a, key)) out.push({ segments: [...segments, key], shallow: false });
      }
    }
    // Past this many differences, one change at the root is cheaper and just as correct.
    if (out.length > maxPaths) return [{ segments: [], shallow: false }];
  }
  return out;
}
