/**
 * Reading an agent stream from disk: JSON Lines (one payload per line) or one JSON document
 * (a message, an array of messages, or a `{ "messages": [...] }` wrapper). Problems are values.
 */
import { readFile } from 'node:fs/promises';
import { errorText } from '../util/errors';

/** One payload of a stream and where it came from. */
export interface StreamItem {
  /** 1-based line number (JSON Lines) or message index + 1 (one document). */
  line: number;
  /** The parsed payload, or the raw text when it is not JSON. */
  payload: unknown;
  /** Set when the line is not JSON. */
  parseError?: string;
}

export type StreamRead = { ok: true; items: StreamItem[] } | { ok: false; message: string };

/** Splits stream text into payloads; JSON Lines when it has several non-empty lines that are not one document. */
export function splitStreamText(text: string): StreamItem[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  try {
    const whole: unknown = JSON.parse(trimmed);
    const list = Array.isArray(whole)
      ? whole
      : typeof whole === 'object' && whole !== null && Array.isArray((whole as { messages?: unknown }).messages)
        ? (whole as { messages: unknown[] }).messages
        : [whole];
    return list.map((payload, i) => ({ line: i + 1, payload }));
  } catch {
    // Not one document: read it as JSON Lines.
  }
  const items: StreamItem[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    if (raw.trim() === '') return;
    try {
      items.push({ line: i + 1, payload: JSON.parse(raw) });
    } catch (error) {
      items.push({ line: i + 1, payload: raw, parseError: errorText(error) });
    }
  });
  return items;
}

/** Reads a stream file; a missing or unreadable file is a clear message, not a stack trace. */
export async function readStreamFile(path: string): Promise<StreamRead> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') return { ok: false, message: `No such file: ${path}` };
    if (code === 'EISDIR') return { ok: false, message: `${path} is a directory, not a stream file` };
    return { ok: false, message: `Cannot read ${path}: ${errorText(error)}` };
  }
  const items = splitStreamText(text);
  if (items.length === 0) return { ok: false, message: `${path} holds no messages` };
  return { ok: true, items };
}
