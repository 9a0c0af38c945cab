/**
 * The identity of an agent call within a surface: catalog, function and evaluated arguments.
 * A binding that evaluates to the same call again reuses the same row instead of sending anew.
 */
export function agentCallKey(call: { call: string; args: Record<string, unknown>; catalogId?: string | null }): string {
  return stableStringify([call.catalogId ?? null, call.call, call.args]);
}

/** JSON with object keys sorted, so equal values give equal strings. */
export function stableStringify(value: unknown): string {
  if (value === undefined) return 'null';
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
}
