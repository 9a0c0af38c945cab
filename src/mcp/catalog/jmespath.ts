/**
 * JMESPath for agent-written expressions over data-model values, through the `jmespath` package,
 * made safe for hostile input:
 * - the expression and the input are bounded in size, and the input is copied into objects
 *   whose prototype has no `constructor`, `__proto__` or other Object.prototype members, so a
 *   field lookup only ever finds data;
 * - before evaluation, the expression's syntax tree is costed against the input size: multi-
 *   selects (`[@, @]`), `to_string` escaping and `join` can multiply the size of what they are
 *   given, and chains of them grow exponentially, so an expression whose estimated work exceeds
 *   the budget is refused instead of run;
 * - hash keys named `__proto__` are refused (they would rewire the objects the library builds);
 * - the result is copied back into plain JSON under the same bounds.
 * {@link searchJmespath} never throws: every failure is a value.
 */
import * as jmespathModule from 'jmespath';
import { errorText, toJsonValue, type JsonValue } from '../../protocol/json';

/** Bounds of {@link searchJmespath}. */
export interface JmespathLimits {
  /** Longest expression accepted, in UTF-16 code units. */
  maxExpressionLength: number;
  /** Deepest nesting of the input (and of the result). */
  maxDepth: number;
  /** Most values in the input (and in the result), containers included. */
  maxNodes: number;
  /** Largest input, as the length of its JSON text. */
  maxInputSize: number;
  /** Largest estimated work (values and characters produced and visited) one evaluation may take. */
  maxWork: number;
}

/** Default JMESPath bounds: ample for reshaping tool results, far below anything that stalls a renderer. */
export const DEFAULT_JMESPATH_LIMITS: Readonly<JmespathLimits> = Object.freeze({
  maxExpressionLength: 1000,
  maxDepth: 64,
  maxNodes: 100_000,
  maxInputSize: 1_000_000,
  maxWork: 10_000_000,
});

/** The outcome of {@link searchJmespath}. */
export type JmespathResult = { ok: true; value: JsonValue } | { ok: false; error: string };

interface AstNode {
  type: string;
  name?: unknown;
  value?: unknown;
  children?: unknown[];
}

const library = jmespathModule as unknown as {
  compile(expression: string): AstNode;
  search(data: unknown, expression: string): unknown;
};

const MAX_AST_DEPTH = 200;
// What every copied input object inherits: `hasOwnProperty`, which the library calls on objects,
// and nothing else, so `constructor` or `__proto__` in an expression finds no hidden value.
const DATA_PROTOTYPE: object = Object.freeze(
  Object.create(null, { hasOwnProperty: { value: Object.prototype.hasOwnProperty } }) as object,
);
// Functions whose output can outgrow their input: to_string escapes (a control character becomes
// six), join repeats its glue between items.
const TO_STRING_GROWTH = 6;

/**
 * Evaluates `expression` against `data` within `limits`. The result is plain JSON; a failure
 * (invalid expression, input or result over the bounds, an expression too costly for the input,
 * a runtime error of the library) is `{ ok: false, error }`. Never throws.
 *
 * @example searchJmespath('people[?age > `30`].name', { people: [{ name: 'Ada', age: 36 }] })
 * // → { ok: true, value: ['Ada'] }
 */
export function searchJmespath(expression: unknown, data: unknown, limits: Partial<JmespathLimits> = {}): JmespathResult {
  try {
    const bounds = { ...DEFAULT_JMESPATH_LIMITS, ...definedLimits(limits) };
    if (typeof expression !== 'string') return failure('the expression must be a string');
    if (expression.length > bounds.maxExpressionLength) {
      return failure(`the expression is ${expression.length} characters long; the limit is ${bounds.maxExpressionLength}`);
    }
    const input = toJsonValue(data === undefined ? null : data, { maxDepth: bounds.maxDepth, maxNodes: bounds.maxNodes });
    if (!input.ok) return failure(`the input cannot be used: ${input.reason}${input.path === '' ? '' : ` (at ${input.path})`}`);
    const size = jsonSize(input.value);
    if (size > bounds.maxInputSize) return failure(`the input is ${size} characters of JSON; the limit is ${bounds.maxInputSize}`);

    let ast: AstNode;
    try {
      ast = library.compile(expression);
    } catch (thrown) {
      return failure(`invalid expression: ${errorText(thrown)}`);
    }
    const cost = estimateCost(ast, size + 1, bounds.maxWork);
    if (!cost.ok) return cost;

    const result = library.search(withDataPrototype(input.value), expression);
    const copied = toJsonValue(result === undefined ? null : result, { maxDepth: bounds.maxDepth, maxNodes: bounds.maxNodes });
    if (!copied.ok) return failure(`the result cannot be used: ${copied.reason}`);
    return { ok: true, value: copied.value };
  } catch (thrown) {
    return failure(errorText(thrown));
  }
}

function failure(error: string): JmespathResult {
  return { ok: false, error };
}

function definedLimits(limits: Partial<JmespathLimits>): Partial<JmespathLimits> {
  const out: Partial<JmespathLimits> = {};
  if (typeof limits !== 'object' || limits === null) return out;
  for (const key of Object.keys(DEFAULT_JMESPATH_LIMITS) as (keyof JmespathLimits)[]) {
    const value = limits[key];
    if (typeof value === 'number' && value >= 0) out[key] = value;
  }
  return out;
}

function jsonSize(value: JsonValue): number {
  return JSON.stringify(value).length;
}

/** A copy of plain JSON whose objects inherit from {@link DATA_PROTOTYPE}; depth already bounded. */
function withDataPrototype(value: JsonValue): unknown {
  if (Array.isArray(value)) return value.map(withDataPrototype);
  if (typeof value !== 'object' || value === null) return value;
  const out = Object.create(DATA_PROTOTYPE) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: withDataPrototype(item), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

type Cost = { ok: true } | { ok: false; error: string };

/**
 * An upper bound of the work an expression does on an input of `inputSize`. `out(node, size,
 * runs)` bounds the total size of what `node` produces over `runs` evaluations that are given
 * `size` in total (a projection runs its right side once per element); `work` sums what every
 * node is given. Both must stay within `maxWork`.
 */
function estimateCost(root: AstNode, inputSize: number, maxWork: number): Cost {
  let work = 0;
  const refuse = (error: string): never => {
    throw new CostRefusal(error);
  };
  const out = (node: unknown, size: number, runs: number, depth: number): number => {
    if (depth > MAX_AST_DEPTH) refuse(`the expression nests deeper than ${MAX_AST_DEPTH} levels`);
    if (!isNode(node)) return refuse('the expression has an unexpected shape');
    work += size + runs;
    if (work > maxWork) refuse(tooCostly(maxWork));
    const children = Array.isArray(node.children) ? node.children : [];
    const child = (index: number, childSize = size, childRuns = runs): number => out(children[index], childSize, childRuns, depth + 1);
    let produced: number;
    switch (node.type) {
      case 'Field':
      case 'Identity':
      case 'Current':
      case 'Index':
      case 'Slice':
        produced = size;
        break;
      case 'Literal':
        produced = literalSize(node.value) * runs;
        break;
      case 'Flatten':
      case 'ExpressionReference':
        produced = child(0);
        break;
      case 'Subexpression':
      case 'IndexExpression':
      case 'Pipe':
        produced = child(1, child(0));
        break;
      case 'Projection':
      case 'ValueProjection': {
        const left = child(0);
        produced = child(1, left, Math.max(left, 1));
        break;
      }
      case 'FilterProjection': {
        const left = child(0);
        child(2, left, Math.max(left, 1));
        produced = child(1, left, Math.max(left, 1));
        break;
      }
      case 'Comparator':
      case 'NotExpression':
        for (let i = 0; i < children.length; i += 1) child(i);
        produced = runs;
        break;
      case 'OrExpression':
      case 'AndExpression':
        produced = child(0) + child(1);
        break;
      case 'MultiSelectList':
        produced = runs + children.reduce<number>((sum, _item, i) => sum + child(i), 0);
        break;
      case 'MultiSelectHash':
        produced = runs;
        for (const pair of children) {
          if (!isNode(pair) || typeof pair.name !== 'string') return refuse('the expression has an unexpected shape');
          if (pair.name === '__proto__') refuse('the key "__proto__" is not allowed in a multi-select hash');
          produced += pair.name.length * runs + out(pair.value, size, runs, depth + 1);
        }
        break;
      case 'Function':
        produced = functionOutput(node, children, size, runs, depth, out);
        break;
      default:
        return refuse(`the expression uses an unsupported construct (${String(node.type)})`);
    }
    if (produced > maxWork) refuse(tooCostly(maxWork));
    return produced;
  };
  try {
    out(root, inputSize, 1, 0);
    return { ok: true };
  } catch (thrown) {
    if (thrown instanceof CostRefusal) return { ok: false, error: thrown.message };
    return { ok: false, error: `the expression could not be checked: ${errorText(thrown)}` };
  }
}

class CostRefusal extends Error {}

function tooCostly(maxWork: number): string {
  return `the expression would do too much work on this input (estimated above ${maxWork})`;
}

type Estimate = (node: unknown, size: number, runs: number, depth: number) => number;

function functionOutput(node: AstNode, children: unknown[], size: number, runs: number, depth: number, out: Estimate): number {
  const name = String(node.name);
  // Functions that apply an expression reference to each element of an array argument.
  if (['map', 'sort_by', 'max_by', 'min_by'].includes(name)) {
    const arrayIndex = name === 'map' ? 1 : 0;
    const array = out(children[arrayIndex], size, runs, depth + 1);
    const applied = out(children[1 - arrayIndex], array, Math.max(array, 1), depth + 1);
    return name === 'map' ? applied + runs : array;
  }
  const args = children.map((child) => out(child, size, runs, depth + 1));
  const total = args.reduce((sum, value) => sum + value, 0);
  if (name === 'to_string') return total * TO_STRING_GROWTH + 2 * runs;
  if (name === 'join') {
    const items = args[1] ?? 0;
    const glue = children[0];
    // The glue is repeated between items: a literal glue costs its length per item, any other
    // glue at most its whole size per item.
    const glueSize = isNode(glue) && glue.type === 'Literal' ? literalSize(glue.value) : (args[0] ?? 0);
    return items + items * glueSize;
  }
  return total + runs;
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

function literalSize(value: unknown): number {
  try {
    return (JSON.stringify(value) ?? '').length + 1;
  } catch {
    return 1;
  }
}
