/**
 * Reading the host's configuration once, at construction. A mistake here is the host's (a
 * misspelled option, a catalog factory passed uncalled, an unknown version), so it throws a
 * TypeError naming the option, as Redux Toolkit does for its own options; agent, app and action
 * input never reaches this file.
 */
import type { Catalog } from '../catalog/types';
import { DEFAULT_SESSION_LIMITS, type SessionLimits } from '../processor/config';
import type { McpToolClient } from '../mcp/types';
import { errorText } from '../util/errors';
import { A2UI_VERSION } from '../protocol/common';

/** Options of {@link createSession}. */
export interface SessionOptions {
  /** 'strict' (default): components are checked against their catalog's schema. */
  validation?: 'strict' | 'lenient';
  /** Timeout for agent calls that set none; null = none. Default 10,000 ms. */
  defaultTimeoutMs?: number | null;
  /**
   * How long, in ms, a binding's agent call whose arguments changed (a keystroke in the field it
   * reads, say) waits before it is sent: it goes out once its arguments stayed the same that long,
   * and one superseded meanwhile is never sent. The node is busy while it waits. Default 0: sent at once.
   */
  agentCallDebounceMs?: number;
  /** Protocol version of outbound messages. */
  version?: typeof A2UI_VERSION;
  /** Clock for action timestamps; default: the real clock. */
  clock?: () => Date;
  /** Runs the tools an embedded MCP App calls. */
  mcpClient?: McpToolClient;
  /**
   * Whether a surface that names no catalog uses the session's first catalog (default true).
   * false follows the protocol's strict "no fallback" rule: such components are rejected.
   */
  implicitDefaultCatalog?: boolean;
  /** Resource limits; each defaults to {@link DEFAULT_SESSION_LIMITS}. */
  limits?: Partial<SessionLimits>;
  /**
   * A call to a function its catalog does not declare: 'agent' (default) sends it to the agent
   * ("Fallback to Agent RPC"); 'reject' refuses the message with VALIDATION_FAILED (the upstream
   * conformance suite's strict mode).
   */
  unknownFunctions?: 'agent' | 'reject';
  /**
   * Display modes an embedded MCP App may ask for with `ui/request-display-mode`; default
   * ['inline'] (the surface draws apps inline). A mode not listed is answered with the current one.
   */
  mcpDisplayModes?: Array<'inline' | 'fullscreen' | 'pip'>;
  /**
   * Surfaces an MCP tool's `application/a2ui+json` resources may change besides the surface of
   * the app or action that called the tool (default: none).
   */
  mcpResourceSurfaces?: readonly string[];
}

const OPTION_KEYS: ReadonlyArray<keyof SessionOptions> = [
  'validation',
  'defaultTimeoutMs',
  'agentCallDebounceMs',
  'version',
  'clock',
  'mcpClient',
  'implicitDefaultCatalog',
  'limits',
  'unknownFunctions',
  'mcpDisplayModes',
  'mcpResourceSurfaces',
];

const MCP_DISPLAY_MODES = ['inline', 'fullscreen', 'pip'] as const;

function configError(who: string, message: string): TypeError {
  return new TypeError(`${who}: ${message}`);
}

/** Reads `object[key]`, turning a throwing getter or Proxy into an error that names `name`. */
function readKey(who: string, object: object, key: string, name: string): unknown {
  try {
    return (object as Record<string, unknown>)[key];
  } catch (caught) {
    throw configError(who, `${name} could not be read (${errorText(caught)})`);
  }
}

function ownKeys(who: string, object: object, name: string): string[] {
  try {
    return Object.keys(object);
  } catch (caught) {
    throw configError(who, `${name} could not be read (${errorText(caught)})`);
  }
}

function isObject(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return false; // a revoked Proxy: not a usable object
  }
}

/** The closest known name to a misspelled one (edit distance at most 2), for the error message. */
function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const d = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] as number;
}

function shown(value: unknown): string {
  if (typeof value === 'string') return `'${value.slice(0, 40)}'`;
  if (typeof value === 'function') return 'a function';
  if (value === null) return 'null';
  if (typeof value === 'object' && !isObject(value)) return 'an array or an unreadable object';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `a value of type ${typeof value}`;
}

/**
 * The catalogs, checked: an array of catalogs (objects with a string `catalogId`). A function in
 * their place is a catalog factory passed uncalled (`basicCatalog` for `basicCatalog()`).
 */
export function readCatalogs(catalogs: unknown, who: string): Catalog[] {
  if (typeof catalogs === 'function') {
    throw configError(who, 'catalogs must be an array of catalogs, got a function: call the catalog factory, as in [basicCatalog()]');
  }
  let isArray = false;
  try {
    isArray = Array.isArray(catalogs);
  } catch (caught) {
    throw configError(who, `catalogs could not be read (${errorText(caught)})`);
  }
  if (!isArray) throw configError(who, `catalogs must be an array of catalogs, got ${shown(catalogs)}`);
  const list = catalogs as unknown[];
  const out: Catalog[] = [];
  const length = Number(readKey(who, list, 'length', 'catalogs'));
  for (let i = 0; i < length; i += 1) {
    const catalog = readKey(who, list, String(i), `catalogs[${i}]`);
    if (typeof catalog === 'function') {
      throw configError(who, `catalogs[${i}] is a function, not a catalog: call the catalog factory, as in basicCatalog()`);
    }
    if (!isObject(catalog) || typeof readKey(who, catalog, 'catalogId', `catalogs[${i}].catalogId`) !== 'string') {
      throw configError(who, `catalogs[${i}] is not a catalog (expected an object with a string catalogId, made by defineCatalog, basicCatalog() or catalogFromJson), got ${shown(catalog)}`);
    }
    const id = (catalog as Catalog).catalogId;
    if (out.some((c) => c.catalogId === id)) throw configError(who, `catalogs[${i}] repeats the catalogId '${id}'`);
    out.push(catalog as Catalog);
  }
  return out;
}

function readLimits(who: string, limits: unknown): Partial<SessionLimits> {
  if (!isObject(limits)) throw configError(who, `limits must be an object, got ${shown(limits)}`);
  const known = Object.keys(DEFAULT_SESSION_LIMITS);
  const out: Partial<SessionLimits> = {};
  for (const key of ownKeys(who, limits, 'limits')) {
    if (!known.includes(key)) {
      const hint = closest(key, known);
      throw configError(who, `unknown limit 'limits.${key}'${hint ? ` (did you mean 'limits.${hint}'?)` : ''}; known limits: ${known.join(', ')}`);
    }
    const value = readKey(who, limits, key, `limits.${key}`);
    if (value === undefined) continue;
    if (typeof value !== 'number' || !(value > 0)) throw configError(who, `limits.${key} must be a positive number, got ${shown(value)}`);
    (out as Record<string, number>)[key] = value;
  }
  return out;
}

/** The options, checked: every key known, every value of its type. */
export function readSessionOptions(options: unknown, who: string): SessionOptions {
  if (options === undefined) return {};
  if (!isObject(options)) throw configError(who, `options must be an object, got ${shown(options)}`);
  const out: SessionOptions = {};
  for (const key of ownKeys(who, options, 'options')) {
    if (!(OPTION_KEYS as readonly string[]).includes(key)) {
      const hint = closest(key, OPTION_KEYS);
      throw configError(who, `unknown option '${key}'${hint ? ` (did you mean '${hint}'?)` : ''}; known options: ${OPTION_KEYS.join(', ')}`);
    }
  }
  const read = (key: keyof SessionOptions): unknown => readKey(who, options, key, key);
  const validation = read('validation');
  if (validation !== undefined) {
    if (validation !== 'strict' && validation !== 'lenient') throw configError(who, `validation must be 'strict' or 'lenient', got ${shown(validation)}`);
    out.validation = validation;
  }
  const timeout = read('defaultTimeoutMs');
  if (timeout !== undefined) {
    if (timeout !== null && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 0)) {
      throw configError(who, `defaultTimeoutMs must be a non-negative number of milliseconds or null (no timeout), got ${shown(timeout)}`);
    }
    out.defaultTimeoutMs = timeout;
  }
  const debounce = read('agentCallDebounceMs');
  if (debounce !== undefined) {
    if (!(typeof debounce === 'number' && Number.isFinite(debounce) && debounce >= 0)) {
      throw configError(who, `agentCallDebounceMs must be a non-negative number of milliseconds (0: no debounce), got ${shown(debounce)}`);
    }
    out.agentCallDebounceMs = debounce;
  }
  const version = read('version');
  if (version !== undefined) {
    if (version !== A2UI_VERSION) throw configError(who, `version ${shown(version)} is not supported: this renderer speaks 'v1.0'`);
    out.version = version;
  }
  const clock = read('clock');
  if (clock !== undefined) {
    if (typeof clock !== 'function') throw configError(who, `clock must be a function returning a Date, got ${shown(clock)}`);
    out.clock = clock as () => Date;
  }
  const mcpClient = read('mcpClient');
  if (mcpClient !== undefined) {
    if (!isObject(mcpClient) || typeof readKey(who, mcpClient, 'callTool', 'mcpClient.callTool') !== 'function') {
      throw configError(who, `mcpClient must be an MCP client with a callTool method, got ${shown(mcpClient)}`);
    }
    out.mcpClient = mcpClient as McpToolClient;
  }
  const implicit = read('implicitDefaultCatalog');
  if (implicit !== undefined) {
    if (typeof implicit !== 'boolean') throw configError(who, `implicitDefaultCatalog must be a boolean, got ${shown(implicit)}`);
    out.implicitDefaultCatalog = implicit;
  }
  const limits = read('limits');
  if (limits !== undefined) out.limits = readLimits(who, limits);
  const unknownFunctions = read('unknownFunctions');
  if (unknownFunctions !== undefined) {
    if (unknownFunctions !== 'agent' && unknownFunctions !== 'reject') throw configError(who, `unknownFunctions must be 'agent' or 'reject', got ${shown(unknownFunctions)}`);
    out.unknownFunctions = unknownFunctions;
  }
  const modes = read('mcpDisplayModes');
  if (modes !== undefined) {
    const list = Array.isArray(modes) ? (modes as unknown[]) : null;
    if (list === null || list.length === 0 || list.some((m) => !(MCP_DISPLAY_MODES as readonly unknown[]).includes(m))) {
      throw configError(who, `mcpDisplayModes must be a non-empty array of ${MCP_DISPLAY_MODES.map((m) => `'${m}'`).join(', ')}, got ${shown(modes)}`);
    }
    out.mcpDisplayModes = [...new Set(list)] as SessionOptions['mcpDisplayModes'];
  }
  const resourceSurfaces = read('mcpResourceSurfaces');
  if (resourceSurfaces !== undefined) {
    if (!Array.isArray(resourceSurfaces) || resourceSurfaces.some((id) => typeof id !== 'string')) {
      throw configError(who, `mcpResourceSurfaces must be an array of surface ids, got ${shown(resourceSurfaces)}`);
    }
    out.mcpResourceSurfaces = [...(resourceSurfaces as string[])];
  }
  return out;
}
