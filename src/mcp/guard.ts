/**
 * The bridge's payload guard (MCP App specification, "JSON payload protection over the bridge"):
 * what an embedded app sends is refused before anything reads it when it holds a prototype key
 * (`__proto__`, `constructor`, `prototype`) at any depth, nests deeper than the limit, is larger
 * than the limit as UTF-8 JSON, or is not JSON at all. The walk is iterative and stops at the
 * first problem, so a hostile payload costs at most the limits (a cycle fails the depth limit, a
 * value shared many times the size limit).
 */
import { isPlainObject } from '../util/records';

/** Bounds of {@link checkMcpPayload}. */
export interface McpPayloadLimits {
  /** Deepest nesting of objects and arrays; `{}` is 1 level, `{"a": []}` 2. */
  maxDepth: number;
  /** Largest payload, in bytes of its UTF-8 JSON text. */
  maxBytes: number;
}

/** The specification's defaults: 10 levels, 64 KB. */
export const DEFAULT_MCP_PAYLOAD_LIMITS: Readonly<McpPayloadLimits> = Object.freeze({ maxDepth: 10, maxBytes: 65_536 });

/** The outcome of {@link checkMcpPayload}: the reason names what was refused. */
export type McpPayloadCheck = { ok: true } | { ok: false; reason: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Checks an incoming bridge payload (the `params` of a request or notification). `undefined`
 * (no params) passes. Never throws: a value whose properties throw when read is refused.
 */
export function checkMcpPayload(payload: unknown, limits: Partial<McpPayloadLimits> = {}): McpPayloadCheck {
  const { maxDepth, maxBytes } = { ...DEFAULT_MCP_PAYLOAD_LIMITS, ...limits };
  if (payload === undefined) return { ok: true };
  try {
    // A running lower bound of the JSON size (never more than the UTF-8 text will be) lets an
    // oversized payload stop the walk early; the exact size is measured at the end.
    let bytes = 0;
    const pending: Array<{ value: unknown; depth: number; path: string }> = [{ value: payload, depth: 0, path: '' }];
    while (pending.length > 0) {
      const { value, depth, path } = pending.pop() as { value: unknown; depth: number; path: string };
      const where = path === '' ? 'the payload' : path;
      if (value === null || typeof value === 'boolean') {
        bytes += value === false ? 5 : 4;
      } else if (typeof value === 'number') {
        if (!Number.isFinite(value)) return refuse(`${where} is ${value}, which JSON cannot carry`);
        bytes += 1;
      } else if (typeof value === 'string') {
        bytes += value.length + 2;
      } else if (typeof value === 'object') {
        if (depth + 1 > maxDepth) return refuse(`${where} nests deeper than ${maxDepth} levels`);
        bytes += 2; // the brackets or braces
        if (Array.isArray(value)) {
          for (let i = value.length - 1; i >= 0; i -= 1) pending.push({ value: value[i], depth: depth + 1, path: `${path}/${i}` });
          bytes += Math.max(0, value.length - 1); // the commas
        } else {
          let members = 0;
          if (!isPlainObject(value)) return refuse(`${where} is not a plain JSON object`);
          for (const key of Reflect.ownKeys(value)) {
            if (typeof key !== 'string') return refuse(`${where} has a symbol key`);
            if (FORBIDDEN_KEYS.has(key)) return refuse(`${where} has the forbidden key "${key}"`);
            const descriptor = Object.getOwnPropertyDescriptor(value, key);
            if (descriptor === undefined || !('value' in descriptor)) return refuse(`${where}/${key} is an accessor, not data`);
            if (descriptor.value === undefined) continue;
            pending.push({ value: descriptor.value, depth: depth + 1, path: `${path}/${escapeKey(key)}` });
            bytes += key.length + 3 + (members > 0 ? 1 : 0); // "key": and the comma before it
            members += 1;
          }
        }
      } else {
        return refuse(`${where} is a ${typeof value}, which JSON cannot carry`);
      }
      if (bytes > maxBytes) return tooLarge(maxBytes);
    }
    const size = utf8Length(JSON.stringify(payload));
    return size > maxBytes ? tooLarge(maxBytes) : { ok: true };
  } catch {
    return refuse('the payload could not be read');
  }
}

function refuse(reason: string): McpPayloadCheck {
  return { ok: false, reason };
}

function tooLarge(maxBytes: number): McpPayloadCheck {
  return refuse(`the payload is larger than ${maxBytes} bytes`);
}


function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Bytes of a string in UTF-8 (lone surrogates count as the three bytes of U+FFFD). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
