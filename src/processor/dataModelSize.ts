/**
 * The data model size limit (`maxDataModelBytes`), one check for every writer: createSurface's
 * model, updateDataModel, renderer-function and action writes, user input and MCP Apps.
 */
import { getAt, getIn, splitPointer } from '../data';
import { a2uiError, type A2uiError } from '../protocol/errors';
import type { SessionLimits } from './config';

/** JSON sizes of data models seen, by identity: an update then costs the size of what it changed. */
const modelSizes = new WeakMap<object, number>();

function jsonLength(value: unknown): number {
  return value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}

/**
 * The JSON size of `after`, the model written at `path` with `value`. Estimated from the size of
 * `before` minus the replaced value plus the new one, so a keystroke in a large model does not
 * serialize the whole model again. `deletes`: the writer treats null as a delete (the agent does;
 * users and functions write null as a value).
 */
export function updatedModelSize(before: object, path: string, value: unknown, after: object, deletes: boolean): number {
  let size: number;
  if (path === '' || path === '/') {
    size = jsonLength(after);
  } else {
    let base = modelSizes.get(before);
    if (base === undefined) {
      base = jsonLength(before);
      modelSizes.set(before, base);
    }
    const old = getIn(before, path);
    const removed = deletes && value === null;
    const created = removed ? null : createdBy(before, path, after);
    if (created !== null) {
      size = base + created;
    } else {
      // A key that appears or disappears brings its own `"key":` and a comma.
      const key = path.length - path.lastIndexOf('/') + 3;
      const keyDelta = old === undefined && !removed ? key : old !== undefined && removed ? -key : 0;
      size = base - jsonLength(old) + (removed ? 0 : jsonLength(value)) + keyDelta;
    }
  }
  if (typeof after === 'object' && after !== null) modelSizes.set(after, size);
  return size;
}

/**
 * The JSON size a write adds when it creates something besides the value: missing parents along
 * the path, and the nulls that pad an array written past its end (up to 1,000 per level, so
 * uncounted they let a model grow far past its limit). Null when it creates neither.
 */
function createdBy(before: object, path: string, after: object): number | null {
  const segments = splitPointer(path);
  for (let i = 0; i < segments.length; i += 1) {
    const parent = getAt(before, segments.slice(0, i));
    const segment = segments[i] as string;
    const last = i === segments.length - 1;
    const padding = Array.isArray(parent) && /^\d+$/.test(segment) ? Math.max(0, Number(segment) - parent.length) : 0;
    const present = getAt(before, segments.slice(0, i + 1)) !== undefined;
    if (present && !last) continue;
    if (last && padding === 0) return null;
    // From here down everything is new: its JSON text, its key (or a comma), and the padding.
    const added = getAt(after, segments.slice(0, i + 1));
    return jsonLength(added) + segment.length + 4 + padding * 5;
  }
  return null;
}

/**
 * LIMIT_EXCEEDED when the model `after` (written at `path` with `value`) is over the limit, else
 * null. The error names the surface, so the agent hears about it when an agent message caused it.
 */
export function dataModelSizeError(
  limits: SessionLimits,
  surfaceId: string,
  write: { before: object; path: string; value: unknown; after: object; deletes: boolean },
  where: string,
): A2uiError | null {
  if (!(limits.maxDataModelBytes < Number.POSITIVE_INFINITY)) return null;
  const size = updatedModelSize(write.before, write.path, write.value, write.after, write.deletes);
  if (size <= limits.maxDataModelBytes) return null;
  const prefix = where === '' ? '' : `${where}: `;
  return a2uiError(
    'LIMIT_EXCEEDED',
    `${prefix}the data model of surface '${surfaceId}' would be ${size} bytes; the limit is ${limits.maxDataModelBytes}`,
    { surfaceId, ...(where === '' ? {} : { path: where }) },
  );
}

/**
 * The JSON size of `model` once its root key `key` holds `value` (undefined: the key removed),
 * for a model an operation changes in place. Sizes are cached by identity, so the caller must
 * {@link rememberModelSize} the result once it has written.
 */
export function rootKeyWriteSize(model: Record<string, unknown>, key: string, value: unknown): number {
  let base = modelSizes.get(model);
  if (base === undefined) {
    base = jsonLength(model);
    modelSizes.set(model, base);
  }
  const old = Object.prototype.hasOwnProperty.call(model, key) ? model[key] : undefined;
  const keyLength = key.length + 4; // "key": and a comma
  return base - (old === undefined ? 0 : jsonLength(old) + keyLength) + (value === undefined ? 0 : jsonLength(value) + keyLength);
}

/** Records the size of a model written in place. */
export function rememberModelSize(model: object, size: number): void {
  modelSizes.set(model, size);
}
