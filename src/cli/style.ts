/** Terminal styling: colour on a TTY (unless NO_COLOR), plain text otherwise. */
export interface Style {
  ok(text: string): string;
  bad(text: string): string;
  warn(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function createStyle(colour: boolean): Style {
  if (!colour) {
    const same = (text: string) => text;
    return { ok: same, bad: same, warn: same, dim: same, bold: same };
  }
  return { ok: wrap(32, 39), bad: wrap(31, 39), warn: wrap(33, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** Colour when writing to a terminal and NO_COLOR is not set. */
export function wantsColour(stream: { isTTY?: boolean }): boolean {
  return stream.isTTY === true && !('NO_COLOR' in process.env);
}
