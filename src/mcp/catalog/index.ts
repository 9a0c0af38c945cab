/**
 * The MCP catalog: the `McpApp` component (an embedded MCP App and its bridge) and the functions
 * `callMcpTool`, `jmespath`, `split`, `regexCapture`, `regexReplace` and `updateDataModel`.
 * The catalog carries MCP Apps' session side (`sessionExtension`: the bridge requests, tool calls
 * and notifications), so a session reaches that code only through a catalog made here.
 */
import { catalogFromJson } from '../../catalog/fromJson';
import type { Catalog, FunctionImplementation } from '../../catalog/types';
import { DEFAULT_REGEX_LIMITS, type RegexLimits } from '../../regex';
import { MCP_CATALOG_ID, MCP_CATALOG_JSON } from './catalogJson';
import * as fn from './functions';
import { DEFAULT_JMESPATH_LIMITS, type JmespathLimits } from './jmespath';
import type { SessionExtension } from '../../session/session';
import { MCP_SESSION_EXTENSION } from '../sessionExtension';

export { MCP_CATALOG_ID, MCP_CATALOG_JSON } from './catalogJson';
export { DEFAULT_JMESPATH_LIMITS, searchJmespath } from './jmespath';
export type { JmespathLimits, JmespathResult } from './jmespath';

/** Options of {@link mcpCatalog}. */
export interface McpCatalogOptions {
  /** Bounds for the patterns of regexCapture and regexReplace; see DEFAULT_REGEX_LIMITS. */
  regexLimits?: Partial<RegexLimits>;
  /** Bounds for jmespath; see DEFAULT_JMESPATH_LIMITS. */
  jmespathLimits?: Partial<JmespathLimits>;
}

/** The MCP catalog, with the session side of MCP Apps it brings. */
export type McpCatalog = Catalog & { readonly sessionExtension: SessionExtension };

const instances = new Map<string, McpCatalog>();

/**
 * The MCP catalog (frozen; the same options give the same object).
 *
 * @example
 * const session = createSession([basicCatalog(), mcpCatalog()], { mcpClient: client });
 */
export function mcpCatalog(options: McpCatalogOptions = {}): McpCatalog {
  const settings: fn.McpFunctionSettings = {
    regexLimits: { ...DEFAULT_REGEX_LIMITS, ...numbers(options.regexLimits) },
    jmespathLimits: { ...DEFAULT_JMESPATH_LIMITS, ...numbers(options.jmespathLimits) },
  };
  const key = JSON.stringify(settings);
  const cached = instances.get(key);
  if (cached !== undefined) return cached;
  // Lenient: the MCP draft keeps shared schemas in helper $defs, which validateCatalog refuses
  // (a finding against the draft, listed by its tests); they are kept, as its components refer to them.
  const loaded = catalogFromJson(MCP_CATALOG_JSON, { implementations: implementations(settings), lenient: true });
  // The embedded document is ours and a test keeps it loadable.
  if (!loaded.ok) throw new Error(`mcpCatalog: ${loaded.error.message}`);
  const catalog: McpCatalog = Object.freeze({ ...loaded.catalog, sessionExtension: MCP_SESSION_EXTENSION });
  instances.set(key, catalog);
  return catalog;
}

function implementations(settings: fn.McpFunctionSettings): Record<string, FunctionImplementation> {
  return {
    callMcpTool: fn.callMcpTool,
    jmespath: fn.jmespathFunction(settings),
    split: fn.split,
    regexCapture: fn.regexCaptureFunction(settings),
    regexReplace: fn.regexReplaceFunction(settings),
    updateDataModel: fn.updateDataModel,
  };
}

function numbers<T extends object>(overrides: Partial<T> | undefined): Partial<T> {
  const out: Record<string, number> = {};
  if (typeof overrides !== 'object' || overrides === null) return out as Partial<T>;
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'number' && value >= 0 && !Number.isNaN(value)) out[key] = value;
  }
  return out as Partial<T>;
}

/**
 * The HTML of an McpApp's `htmlContent`: decoded when it starts with `url_encoded:` (MCP App
 * specification, content decoding). A value that does not decode is returned as it came.
 */
export function decodeHtmlContent(htmlContent: unknown): string {
  const text = typeof htmlContent === 'string' ? htmlContent : '';
  const prefix = 'url_encoded:';
  if (!text.startsWith(prefix)) return text;
  try {
    return decodeURIComponent(text.slice(prefix.length));
  } catch {
    return text;
  }
}
