/**
 * Limits that keep data writes bounded. The data model is filled by a remote agent (and by user
 * input), so every write is checked before it is applied: a hostile or runaway value can never
 * make a later recursive consumer (JSON.stringify, the resolver) overflow its stack, and an index
 * write can never allocate an array of arbitrary size.
 */

/** Default for {@link DataLimits.maxDepth}: container nesting a write may produce, counted from the root. */
export const DEFAULT_MAX_DEPTH = 64;

/** Default for {@link DataLimits.maxPathSegments}: segments a written or deleted path may have. */
export const DEFAULT_MAX_PATH_SEGMENTS = 64;

/** Default for {@link DataLimits.maxArrayPadding}: `null` slots a write past the end of an array may add. */
export const DEFAULT_MAX_ARRAY_PADDING = 1000;

/** Bounds applied by `setIn`, `deleteIn` and `applyDataUpdate`; every field is optional in options. */
export interface DataLimits {
  /**
   * Deepest container nesting the model may reach through a write: the path's segments plus the
   * nesting of the written value (`{}` counts 1, `{"a": []}` counts 2, a primitive 0).
   */
  maxDepth: number;
  /** Most segments a path may have when it is written or deleted. */
  maxPathSegments: number;
  /** Most `null` elements a write beyond an array's end may insert before the written index. */
  maxArrayPadding: number;
}

/** The limits used when no options are given. */
export const DEFAULT_DATA_LIMITS: Readonly<DataLimits> = Object.freeze({
  maxDepth: DEFAULT_MAX_DEPTH,
  maxPathSegments: DEFAULT_MAX_PATH_SEGMENTS,
  maxArrayPadding: DEFAULT_MAX_ARRAY_PADDING,
});

/** Fills the limits a caller left out (or gave as something other than a non-negative number). */
export function limitsOf(options: unknown): DataLimits {
  if (typeof options !== 'object' || options === null) return { ...DEFAULT_DATA_LIMITS };
  try {
    const given = options as Partial<DataLimits>;
    return {
      maxDepth: countOr(given.maxDepth, DEFAULT_MAX_DEPTH),
      maxPathSegments: countOr(given.maxPathSegments, DEFAULT_MAX_PATH_SEGMENTS),
      maxArrayPadding: countOr(given.maxArrayPadding, DEFAULT_MAX_ARRAY_PADDING),
    };
  } catch {
    return { ...DEFAULT_DATA_LIMITS }; // options behind a revoked proxy or a throwing getter
  }
}

function countOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && value >= 0 && !Number.isNaN(value) ? value : fallback;
}
