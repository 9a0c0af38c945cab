/**
 * Freezing what an operation made. Everything already in the state is frozen, so the walk stops
 * at every subtree it shares with the previous state and costs what changed. A frozen result also
 * stops immer's finalize at the root (createSlice's case reducers return it as the next state), and
 * RTK's development checks skip frozen subtrees.
 */

/** Freezes `value` and every object under it that is not frozen yet; returns `value`. */
export function freezeNew<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const stack: object[] = [value as object];
  Object.freeze(value);
  while (stack.length > 0) {
    const current = stack.pop() as Record<string, unknown>;
    // State is plain data: arrays by index, records by their own keys.
    const children: readonly unknown[] = Array.isArray(current) ? current : Object.values(current);
    for (let i = 0; i < children.length; i += 1) {
      const child = children[i];
      if (typeof child === 'object' && child !== null && !Object.isFrozen(child)) {
        Object.freeze(child);
        stack.push(child);
      }
    }
  }
  return value;
}
