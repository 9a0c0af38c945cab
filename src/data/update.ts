/**
 * The `updateDataModel` message applied to a surface's data model (protocol v1.0): the value
 * replaces whatever is at `path` (created when missing), `null` removes it, and an omitted path or
 * '/' means the whole model. The model stays a JSON object, as renderer_data_model.json requires.
 */
import { a2uiError, type A2uiError } from '../protocol/errors';
import type { DataLimits } from './limits';
import { deleteIn, setIn } from './immutable';
import { splitPointer } from './pointer';
import { isPlainObject, kindOf, type DataObject } from './values';

/** A surface's data model: always a JSON object at the root. */
export type DataModel = DataObject;

/** The outcome of an `updateDataModel`: the new model, or why it was not applied. */
export type DataModelResult = { ok: true; value: DataModel } | { ok: false; error: A2uiError };

/**
 * Applies `updateDataModel { path, value }` to `model` (undefined counts as `{}`). A relative path
 * counts from the root. Replacing the root needs an object; `null` at the root empties the model.
 * @example applyDataUpdate({ user: { name: 'A', tmp: 1 } }, '/user/tmp', null) // { ok: true, value: { user: { name: 'A' } } }
 */
export function applyDataUpdate(
  model: unknown,
  path: string | undefined,
  value: unknown,
  options?: Partial<DataLimits>,
): DataModelResult {
  try {
    return applyChecked(model, path, value, options);
  } catch {
    // Only a model or value holding throwing getters or proxies gets here.
    return rejected('The data model or the value could not be read');
  }
}

function applyChecked(
  model: unknown,
  path: string | undefined,
  value: unknown,
  options?: Partial<DataLimits>,
): DataModelResult {
  const base = model === undefined ? {} : model;
  if (!isPlainObject(base)) return rejected(`The data model must be an object, not ${describeKind(base)}`);
  const target = path === undefined ? '/' : path;
  const segments = splitPointer(target);
  if (segments === null) return rejected(`updateDataModel.path must be a string, not ${describeKind(target)}`);
  // A missing value is a malformed message, not a delete: reading it as null would wipe data.
  if (value === undefined) return rejected('updateDataModel needs a value; send null to delete the value at the path');
  if (segments.length === 0 && value !== null && !isPlainObject(value)) {
    return rejected(`The data model root can only be replaced by an object, not ${describeKind(value)}`);
  }
  const result = value === null ? deleteIn(base, target, options) : setIn(base, target, value, options);
  // Writes below an object root keep an object root, and root writes were checked above.
  return result.ok ? { ok: true, value: result.value as DataModel } : result;
}

function rejected(message: string): { ok: false; error: A2uiError } {
  return { ok: false, error: a2uiError('DATA_ERROR', message) };
}

function describeKind(value: unknown): string {
  const kind = kindOf(value);
  return kind === 'null' ? kind : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}
