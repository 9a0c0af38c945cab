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

import { writtenChanges, type PathChange } from '../data/writeOrigin';

/** An object to walk, the value it replaces, and whether to skip the written-paths shortcut. */
type Frame = [current: object, before: unknown, compareAll?: boolean];

/**
 * Freezes `value` and every object under it that is not frozen yet; returns `value`. `previous`
 * (the state it replaces) lets the walk skip every child the two share at the same place.
 */
export function freezeNew<T>(value: T, previous?: unknown): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const stack: Frame[] = [];
  visit(value, previous, stack);
  while (stack.length > 0) {
    const [current, before, compareAll] = stack.pop() as Frame;
    // A data model one recorded write made from the previous one differs only along the written
    // paths: follow those instead of comparing every row of the lists on the way.
    const changes = compareAll ? undefined : writtenChanges(before, current);
    if (changes !== undefined) {
      walkChanges(current, before, changes, stack);
      continue;
    }
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

/** The written paths as a tree of segments; `end` marks where a change is (all below it may be new). */
interface PathTree {
  end: boolean;
  next: Map<string, PathTree>;
}

function pathTree(changes: readonly PathChange[]): PathTree {
  const root: PathTree = { end: false, next: new Map() };
  for (const change of changes) {
    let node = root;
    for (const segment of change.segments) {
      let child = node.next.get(segment);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(segment, child);
      }
      node = child;
    }
    node.end = true;
  }
  return root;
}

/**
 * Freezes what a recorded write made: the copied containers along each written path, and
 * everything new where a path ends (walked as usual, against what was there). Nothing outside the
 * paths changed identity (writeOrigin.ts), so nothing else is visited.
 */
function walkChanges(current: object, before: unknown, changes: readonly PathChange[], stack: Frame[]): void {
  const tree = pathTree(changes);
  if (tree.end) {
    // A change at the root: compare the whole container.
    stack.push([current, before, true]);
    return;
  }
  const pending: Array<[current: object, before: unknown, tree: PathTree]> = [[current, before, tree]];
  while (pending.length > 0) {
    const [node, old, at] = pending.pop() as [object, unknown, PathTree];
    for (const [segment, below] of at.next) {
      const child = ownChild(node, segment);
      const oldChild = ownChild(old, segment);
      if (typeof child !== 'object' || child === null || child === oldChild) continue;
      if (below.end) {
        visit(child, oldChild, stack);
        continue;
      }
      if (!Array.isArray(child)) {
        if (Object.isFrozen(child)) continue;
        Object.freeze(child);
      }
      pending.push([child, oldChild, below]);
    }
  }
}

function ownChild(container: unknown, key: string): unknown {
  if (typeof container !== 'object' || container === null) return undefined;
  return Object.prototype.hasOwnProperty.call(container, key) ? (container as Record<string, unknown>)[key] : undefined;
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
