/**
 * Freezing what an operation made. Every object already in the state is frozen, so the walk goes
 * down only where the new state differs from the previous one (compared by identity, far cheaper
 * than asking V8 whether each child is frozen) and costs what changed. A frozen root also stops
 * immer's finalize at once (createSlice's case reducers return it as the next state), and RTK's
 * development checks skip frozen subtrees.
 *
 * Arrays are walked but not frozen: V8 (Node 20) reads the elements of a frozen array several
 * times slower and copies one with `slice()` fifty times slower, and a 10,000-row list is read on
 * every keystroke. Their elements, the rows and nodes a component selects, are frozen.
 */

type Frame = [current: object, before: unknown];

/**
 * Freezes `value` and every object under it that is not frozen yet; returns `value`. `previous`
 * (the state it replaces) lets the walk skip every child the two share at the same place.
 */
export function freezeNew<T>(value: T, previous?: unknown): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const stack: Frame[] = [];
  visit(value, previous, stack);
  while (stack.length > 0) {
    const [current, before] = stack.pop() as Frame;
    if (Array.isArray(current)) {
      const items = current as unknown[];
      if (Array.isArray(before)) {
        const old = before as unknown[];
        // A bounded list (the log, the outbox) drops from the front: line the two up first.
        const shift = offsetOf(old, items[0]);
        for (let i = 0; i < items.length; i += 1) if (items[i] !== old[i + shift]) visit(items[i], old[i + shift], stack);
      } else {
        for (let i = 0; i < items.length; i += 1) visit(items[i], undefined, stack);
      }
    } else {
      const old = typeof before === 'object' && before !== null && !Array.isArray(before) ? (before as Record<string, unknown>) : undefined;
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const child = record[key];
        const oldChild = old !== undefined && Object.prototype.hasOwnProperty.call(old, key) ? old[key] : undefined;
        if (oldChild !== undefined && child === oldChild) continue;
        visit(child, oldChild, stack);
      }
    }
  }
  return value;
}

/** Where `first` sits in the first few places of `old` (0 when it is not there). */
function offsetOf(old: readonly unknown[], first: unknown): number {
  const limit = Math.min(old.length, 64);
  for (let i = 0; i < limit; i += 1) if (old[i] === first) return i;
  return 0;
}

function visit(child: unknown, before: unknown, stack: Frame[]): void {
  if (typeof child !== 'object' || child === null || Object.isFrozen(child)) return;
  if (!Array.isArray(child)) Object.freeze(child);
  stack.push([child, before]);
}
