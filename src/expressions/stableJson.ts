/**
 * Deterministic JSON: object keys sorted at every level, so equal values always give equal text.
 * Used for agent call keys, which must not depend on the order args were written in.
 */

/** Stable JSON text of a JSON-like value, or undefined when it holds a cycle or is too deep. */
export function stableStringify(value: unknown, maxDepth = 256): string | undefined {
  const seen = new Set<object>();
  const write = (item: unknown, depth: number): string | undefined => {
    if (item === null || typeof item === 'boolean' || typeof item === 'string') return JSON.stringify(item);
    if (typeof item === 'number') return Number.isFinite(item) ? JSON.stringify(item) : 'null';
    if (typeof item !== 'object') return undefined;
    if (depth > maxDepth || seen.has(item)) throw new NotSerializable();
    seen.add(item);
    let text: string;
    if (Array.isArray(item)) {
      text = `[${item.map((entry) => write(entry, depth + 1) ?? 'null').join(',')}]`;
    } else {
      const members: string[] = [];
      for (const key of Object.keys(item).sort()) {
        const entry = write((item as Record<string, unknown>)[key], depth + 1);
        if (entry !== undefined) members.push(`${JSON.stringify(key)}:${entry}`);
      }
      text = `{${members.join(',')}}`;
    }
    seen.delete(item);
    return text;
  };
  try {
    return write(value, 0);
  } catch (error) {
    if (error instanceof NotSerializable) return undefined;
    throw error;
  }
}

class NotSerializable {}
