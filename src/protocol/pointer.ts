/** JSON Pointer (RFC 6901) helpers for error locations. */

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends reference tokens to a pointer: `appendPointer('/messages', 3, 'id')` is `/messages/3/id`. */
export function appendPointer(base: string, ...tokens: ReadonlyArray<PropertyKey>): string {
  let pointer = base;
  for (const token of tokens) {
    pointer += `/${escapePointerToken(typeof token === 'symbol' ? String(token.description) : token)}`;
  }
  return pointer;
}
