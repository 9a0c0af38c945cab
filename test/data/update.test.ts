import { applyDataUpdate, type DataModelResult } from '../../src/data';
import { loadSuite } from '../conformance/suite';
import { deepFreeze } from './helpers';

const MODEL = deepFreeze({
  user: { profile: { name: 'Alice', bio: 'Engineer' }, tags: ['a', 'b'] },
  settings: { theme: 'dark' },
});

function model(result: DataModelResult): Record<string, any> {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

function errorOf(result: DataModelResult): { code: string; message: string } {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('applyDataUpdate', () => {
  test('updates an existing path and creates a missing one (upsert)', () => {
    const updated = model(applyDataUpdate(MODEL, '/user/profile/name', 'Jane'));
    expect(updated.user.profile).toEqual({ name: 'Jane', bio: 'Engineer' });
    expect(updated.settings).toBe(MODEL.settings);
    const created = model(applyDataUpdate(MODEL, '/cart/items/0/sku', 'X1'));
    expect(created.cart).toEqual({ items: [{ sku: 'X1' }] });
  });

  test('an omitted path or "/" replaces the whole model', () => {
    expect(model(applyDataUpdate(MODEL, undefined, { fresh: 1 }))).toEqual({ fresh: 1 });
    expect(model(applyDataUpdate(MODEL, '/', { fresh: 2 }))).toEqual({ fresh: 2 });
    expect(model(applyDataUpdate(MODEL, '', { fresh: 3 }))).toEqual({ fresh: 3 });
  });

  test('null deletes the key at the path', () => {
    const updated = model(applyDataUpdate(MODEL, '/user/profile/bio', null));
    expect(updated.user.profile).toEqual({ name: 'Alice' });
    expect(updated.user.tags).toBe(MODEL.user.tags);
    expect(model(applyDataUpdate(MODEL, '/user', null))).toEqual({ settings: { theme: 'dark' } });
  });

  test('null at an array index leaves null there', () => {
    expect(model(applyDataUpdate(MODEL, '/user/tags/0', null)).user.tags).toEqual([null, 'b']);
  });

  test('null at the root (or with no path) empties the model', () => {
    expect(model(applyDataUpdate(MODEL, '/', null))).toEqual({});
    expect(model(applyDataUpdate(MODEL, undefined, null))).toEqual({});
  });

  test('null inside a value is stored, not deleted', () => {
    expect(model(applyDataUpdate({}, '/a', { b: null })).a).toEqual({ b: null });
  });

  test('deleting what is absent keeps the model itself', () => {
    expect(model(applyDataUpdate(MODEL, '/nope/deeper', null))).toBe(MODEL);
  });

  test('an undefined model starts empty', () => {
    expect(model(applyDataUpdate(undefined, '/a', 1))).toEqual({ a: 1 });
  });

  test('a relative path counts from the root', () => {
    expect(model(applyDataUpdate({}, 'user/name', 'A'))).toEqual({ user: { name: 'A' } });
  });

  test('the root can only become an object', () => {
    for (const value of ['text', 3, true, ['a']]) {
      const error = errorOf(applyDataUpdate(MODEL, '/', value));
      expect(error.code).toBe('DATA_ERROR');
      expect(error.message).toContain('can only be replaced by an object');
    }
  });

  test('a missing value is an error, not a delete', () => {
    const error = errorOf(applyDataUpdate(MODEL, '/user', undefined));
    expect(error).toEqual({ code: 'DATA_ERROR', message: 'updateDataModel needs a value; send null to delete the value at the path' });
  });

  test('a model that is not an object is refused', () => {
    for (const bad of [null, 3, 'x', ['a'], new Date(0)]) expect(errorOf(applyDataUpdate(bad, '/a', 1)).code).toBe('DATA_ERROR');
  });

  test('passes write errors and limits through', () => {
    expect(errorOf(applyDataUpdate(MODEL, '/settings/theme/x', 1)).message).toContain('Cannot set path');
    expect(errorOf(applyDataUpdate(MODEL, '/user/tags/x', 1)).message).toContain('non-numeric segment');
    expect(errorOf(applyDataUpdate({}, '/a/b', 1, { maxPathSegments: 1 })).code).toBe('LIMIT_EXCEEDED');
  });
});

/**
 * The updateDataModel messages of the processor-level suites (core/data_deletion.yaml and
 * core/data_model_pointers.yaml), replayed on the data model alone as a cross-check of the
 * semantics. The full messages run in the processor's own conformance test.
 */
describe('updateDataModel cases of the processor suites, on the data model alone', () => {
  type Message = { createSurface?: { dataModel?: unknown }; updateDataModel?: { path?: string; value: unknown } };
  const cases = [...loadSuite('core/data_deletion.yaml'), ...loadSuite('core/data_model_pointers.yaml')];

  test.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    let current: unknown = {};
    for (const step of c.steps as { payload: Message[] }[]) {
      for (const message of step.payload) {
        if (message.createSurface) current = message.createSurface.dataModel ?? {};
        if (message.updateDataModel) {
          current = model(applyDataUpdate(current, message.updateDataModel.path, message.updateDataModel.value));
        }
      }
    }
    const expected = (c.expect as { surfaces: Record<string, { dataModel: unknown }> }).surfaces;
    expect(current).toEqual(Object.values(expected)[0]!.dataModel);
  });
});
