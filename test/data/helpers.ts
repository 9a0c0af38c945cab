/** Freezes a fixture all the way down, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null || Object.isFrozen(next)) continue;
    Object.freeze(next);
    pending.push(...Object.values(next));
  }
  return value;
}

/** A value nested `depth` levels deep: { x: { x: … leaf } }, built without recursion. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = { x: value };
  return value;
}

function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** Inputs of every kind that a careless caller might pass where a path or model belongs. */
export const GARBAGE: readonly unknown[] = Object.freeze([
  undefined,
  null,
  0,
  Number.NaN,
  true,
  Symbol('s'),
  10n,
  () => 1,
  {},
  [],
  ['a'],
  new Date(0),
  new Map([['a', 1]]),
  Object.create(null),
  revokedProxy(), // even Array.isArray throws on this one
]);
