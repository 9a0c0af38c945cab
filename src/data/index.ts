/**
 * The data layer: JSON Pointers with A2UI's relative paths, immutable reads and writes with
 * structural sharing, `updateDataModel` semantics, and change detection for notifications.
 * Everything here is pure, works on plain data, and never throws.
 */
export {
  /** Default container nesting a write may produce, counted from the model root (64). */
  DEFAULT_MAX_DEPTH,
  /** Default number of segments a written or deleted path may have (64). */
  DEFAULT_MAX_PATH_SEGMENTS,
  /** Default number of null slots a write past an array's end may insert (1000). */
  DEFAULT_MAX_ARRAY_PADDING,
  /** All default limits together. */
  DEFAULT_DATA_LIMITS,
} from './limits';
/** Bounds applied to writes and deletes; pass any subset as options. */
export type { DataLimits } from './limits';

export {
  /** Encodes a key for a pointer ('~' → '~0', '/' → '~1'). */
  escapeSegment,
  /** Decodes a pointer segment ('~1' → '/', '~0' → '~', in one pass). */
  unescapeSegment,
  /** Whether a segment is an RFC 6901 array index ('0', or digits without a leading zero). */
  isArrayIndex,
  /** Whether a path starts with '/'. */
  isAbsolutePath,
  /** Decoded segments of a path; [] for the root or the scope itself; null for a non-string. */
  splitPointer,
  /** The absolute pointer of decoded segments; '/' for none. */
  joinPointer,
  /** The canonical absolute path of a binding: absolute as is, relative appended to the scope. */
  resolvePath,
  /** The canonical spelling of an absolute or relative path. */
  normalizePath,
  /** Whether two paths are equal or one is an ancestor of the other (segment-wise). */
  pathsOverlap,
} from './pointer';

export {
  /** The value at a path, or undefined; only own properties are read. */
  getAt,
  getIn,
  /** A copy of the model with a value at a path, creating missing containers; shares untouched branches. */
  setIn,
  /** A copy of the model without the value at a path (arrays keep their length, with null there). */
  deleteIn,
} from './immutable';
/** The outcome of setIn / deleteIn: the new model, or an A2uiError. */
export type { DataResult } from './immutable';

export {
  /** Applies an `updateDataModel` message (upsert; null deletes; no path or '/' is the whole model). */
  applyDataUpdate,
} from './update';
/** A surface's data model (a JSON object) and the outcome of applyDataUpdate. */
export type { DataModel, DataModelResult } from './update';

export {
  /** The subscribed paths whose value changed identity between two models, one entry per observer. */
  notificationsFor,
  /** The written path and its ancestors whose value changed identity, root first. */
  changedPaths,
} from './changes';

export {
  /** Whether a value is a plain object (prototype null or Object.prototype), the data model's kind of object. */
  isPlainObject,
  /** Structural equality of two JSON-like values, depth-bounded. */
  jsonEqual,
  /** An own property of a record, never an inherited one. */
  ownValue,
  /** Sets an own data property, `__proto__` included. */
  setOwn,
} from './values';

export {
  /** The empty persistent table (plain buckets; a write copies one bucket). */
  emptyTable,
  /** An entry of a table, own entries only. */
  tableGet,
  tableHas,
  tableSize,
  tableEntries,
  tableValues,
  tableKeys,
  /** A table with entries set and keys removed, copying only the buckets touched. */
  tableWith,
  tableFromRecord,
  tableToRecord,
  isTable,
} from './table';
/** A persistent table of string keys, as plain nested data. */
export type { Table } from './table';
