/**
 * The MCP catalog's function implementations. Each gets evaluated args. `jmespath` never throws
 * (a failed search is null); the others throw on arguments they cannot use, which the evaluator
 * reports as an EXPRESSION_ERROR diagnostic, as the basic catalog's functions do.
 */
import { coerceToString } from '../../catalog/coerce';
import { compileSafeRegex, RegexBudget, type RegexLimits } from '../../regex';
import type { FunctionContext, FunctionImplementation } from '../../catalog/types';
import { resolvePath } from '../../data';
import { searchJmespath, type JmespathLimits } from './jmespath';
import { isRecord } from '../../util/records';

/** Settings the functions read. */
export interface McpFunctionSettings {
  regexLimits: RegexLimits;
  jmespathLimits: JmespathLimits;
}

/**
 * `callMcpTool`: asks the session for a tool call (a `mcpToolCall` request). The call is
 * asynchronous: the session turns the request into an effect the host (the saga) carries out,
 * and applies the result when it is settled. Returns null.
 */
export const callMcpTool: FunctionImplementation = (args, context) => {
  const name = coerceToString(args.name).trim();
  if (name === '') throw new Error('callMcpTool: name must be a non-empty tool name.');
  const toolArguments = args.arguments === undefined || args.arguments === null ? {} : args.arguments;
  if (!isRecord(toolArguments)) throw new Error('callMcpTool: arguments must be an object.');
  const request: { type: 'mcpToolCall'; name: string; arguments: Record<string, unknown>; targetDataPath?: string } = {
    type: 'mcpToolCall',
    name,
    arguments: toolArguments,
  };
  if (args.targetDataPath !== undefined && args.targetDataPath !== null) {
    const target = coerceToString(args.targetDataPath);
    // A relative target belongs to the scope of the component that made the call.
    request.targetDataPath = resolvePath(target, context.scope);
  }
  context.request(request);
  return null;
};

/** `jmespath`: the expression's result on `data`, or null when it cannot be computed (never throws). */
export function jmespathFunction(settings: McpFunctionSettings): FunctionImplementation {
  return (args) => {
    const result = searchJmespath(args.expression, args.data, settings.jmespathLimits);
    return result.ok ? result.value : null;
  };
}

/**
 * `split`: the parts of a string between separators; an empty separator splits into characters
 * (code points, so an emoji stays whole). An array of strings gives an array of such lists.
 */
export const split: FunctionImplementation = (args) => {
  const separator = coerceToString(args.separator);
  return eachString(args.value, (text) => (separator === '' ? Array.from(text) : text.split(separator)));
};

/**
 * `regexCapture`: the capture groups (1..n) of the first match, with '' for a group that took no
 * part; null when the pattern does not match. An array of strings gives one result per string.
 */
export function regexCaptureFunction(settings: McpFunctionSettings): FunctionImplementation {
  return (args) => {
    const regex = compileSafeRegex(patternOf(args, 'regexCapture'), settings.regexLimits);
    const budget = new RegexBudget(settings.regexLimits.maxSteps);
    return eachString(args.value, (text) => {
      const match = regex.exec(text, 0, budget);
      return match === null ? null : match.captures.map((capture) => capture ?? '');
    });
  };
}

/**
 * `regexReplace`: every match replaced by the replacement, literally (`$1` is two characters, not
 * a group). An array of strings gives one result per string.
 */
export function regexReplaceFunction(settings: McpFunctionSettings): FunctionImplementation {
  return (args) => {
    const regex = compileSafeRegex(patternOf(args, 'regexReplace'), settings.regexLimits);
    const replacement = coerceToString(args.replacement);
    const budget = new RegexBudget(settings.regexLimits.maxSteps);
    return eachString(args.value, (text) => regex.replace(text, replacement, budget));
  };
}

/**
 * `updateDataModel`: asks the session to write each value of `updates` at its path (absolute, or
 * relative to the scope of the call). Returns null.
 */
export const updateDataModel: FunctionImplementation = (args, context: FunctionContext) => {
  const { updates } = args;
  if (!isRecord(updates)) throw new Error('updateDataModel: updates must be an object from paths to values.');
  for (const [path, value] of Object.entries(updates)) {
    context.request({ type: 'setData', path: resolvePath(path, context.scope), value: value === undefined ? null : value });
  }
  return null;
};

function patternOf(args: Record<string, unknown>, fn: string): string {
  if (typeof args.pattern !== 'string') throw new Error(`${fn}: pattern must be a string.`);
  return args.pattern;
}

/** Applies `fn` to a string, or to each item of an array (items coerced to strings). */
function eachString(value: unknown, fn: (text: string) => unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => fn(coerceToString(item)));
  return fn(coerceToString(value));
}

