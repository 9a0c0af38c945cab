/**
 * The resolver finds what a data change concerns from `changedPaths`. After one write it answers
 * from the recorded write instead of walking both models; that answer must cover every
 * difference the walk finds, or a node reading a changed value would keep its old value.
 *
 * Coverage follows DependencyIndex.collect: a change gathers the readers of its path and of its
 * ancestors, and unless it is shallow, of its descendants too.
 */
import fc from 'fast-check';
import { applyDataUpdate, deleteIn, setIn } from '../../src/data';
import { writtenChanges, type PathChange } from '../../src/data/writeOrigin';
import { changedPaths, diffModels } from '../../src/resolution/dataDiff';

const key = fc.constantFrom('a', 'b', 'rows', '0', '1', '2', '5');
const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  any: fc.oneof({ maxDepth: 3 }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('any'), { maxKeys: 4 }),
})).any;
const model = fc.dictionary(key, value, { maxKeys: 4 });
const path = fc.array(key, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.join('/')}`);

const isUnder = (inner: readonly string[], outer: readonly string[]) => outer.length <= inner.length && outer.every((segment, i) => inner[i] === segment);

/** Whether the readers `difference` concerns are among those `changes` concern. */
function covered(difference: PathChange, changes: readonly PathChange[]): boolean {
  return changes.some((change) =>
    // A deep change concerns everything under it; any change concerns its ancestors, which is all
    // a shallow difference concerns besides its own readers.
    (!change.shallow && isUnder(difference.segments, change.segments)) || (difference.shallow && isUnder(change.segments, difference.segments)),
  );
}

describe('changedPaths after one write', () => {
  test.each([
    ['setIn', (m: unknown, p: string, v: unknown) => setIn(m, p, v)],
    ['deleteIn', (m: unknown, p: string) => deleteIn(m, p)],
    ['applyDataUpdate', (m: unknown, p: string, v: unknown) => applyDataUpdate(m, p, v)],
  ] as const)('%s: every difference the walk finds lies under the recorded path', (_name, writeWith) => {
    let recorded = 0;
    fc.assert(
      fc.property(model, path, value, (before, at, written) => {
        const result = writeWith(before, at, written);
        if (!result.ok || result.value === before) return;
        const fast = changedPaths(before, result.value);
        const walked = diffModels(before, result.value);
        if (writtenChanges(before, result.value) === undefined) return;
        recorded += 1;
        for (const difference of walked) expect([difference, covered(difference, fast)]).toEqual([difference, true]);
      }),
      { numRuns: 1_500, seed: 20261202 },
    );
    // The fast path must have been taken, or the property says nothing.
    expect(recorded).toBeGreaterThan(100);
  });

  test('an append reports the list length (shallow) and the new index; padding reports each padded index', () => {
    const before = { rows: [{ label: 'a' }] };
    const appended = setIn(before, '/rows/1', { label: 'b' });
    expect(appended.ok && changedPaths(before, appended.value)).toEqual([
      { segments: ['rows'], shallow: true },
      { segments: ['rows', '1'], shallow: false },
    ]);
    const padded = setIn(before, '/rows/3', { label: 'd' });
    expect(padded.ok && changedPaths(before, padded.value).map((c) => c.segments.join('/'))).toEqual(['rows', 'rows/1', 'rows/2', 'rows/3']);
    const created = setIn(before, '/new/2/x', 1);
    expect(created.ok && changedPaths(before, created.value)).toEqual([{ segments: ['new'], shallow: false }]);
  });

  test('a write in place reports its own path; two writes in a row fall back to the walk', () => {
    const before = { rows: [{ label: 'a' }, { label: 'b' }] };
    const once = setIn(before, '/rows/1/label', 'B');
    if (!once.ok) throw new Error('write failed');
    expect(changedPaths(before, once.value)).toEqual([{ segments: ['rows', '1', 'label'], shallow: false }]);
    const twice = setIn(once.value, '/rows/0/label', 'A');
    if (!twice.ok) throw new Error('write failed');
    expect(writtenChanges(before, twice.value)).toBeUndefined();
    expect(changedPaths(before, twice.value).map((c) => c.segments.join('/')).sort()).toEqual(['rows/0/label', 'rows/1/label']);
  });

  test('the walk reports a longer list as a shallow change of the list plus each new item', () => {
    expect(diffModels({ rows: [1, 2] }, { rows: [1, 2, 3] })).toEqual([
      { segments: ['rows'], shallow: true },
      { segments: ['rows', '2'], shallow: false },
    ]);
  });
});
