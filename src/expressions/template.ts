/**
 * The formatString template parser. A template is literal text with `${…}` interpolations; an
 * interpolation holds one expression: a literal ('…' or "…" strings, numbers, true, false,
 * null), a data path (absolute `/a/b` or relative `a/b`), a call with named arguments
 * `fn(a: 1, b: /path)`, or a nested interpolation `${…}`. `\${` is a literal `${`.
 *
 * Parts are DynamicValues: literal text and string literals are strings, other literals are
 * their values, paths are `{ path }` and calls `{ call, args, returnType: 'any' }`, so the
 * evaluator interpolates a template by evaluating its parts.
 */
import { DEFAULT_EXPRESSION_LIMITS, type ExpressionLimits } from './limits';

/** A path part: `${/user/name}` or `${name}`. */
export interface TemplatePath {
  path: string;
}

/** A call part: `${fn(a: 1)}`; args are themselves template values. */
export interface TemplateCall {
  call: string;
  args: Record<string, TemplateValue>;
  returnType: 'any';
}

/** Any value an expression can denote. */
export type TemplateValue = string | number | boolean | null | TemplatePath | TemplateCall;

/** One part of a parsed template: literal text (a string), a literal value, a path or a call. */
export type TemplatePart = TemplateValue;

/** Why a template does not parse, and where (0-based offset into the template). */
export interface TemplateSyntaxError {
  /** LIMIT_EXCEEDED: the template is too long or nests too deep; EXPRESSION_ERROR: anything else. */
  code: 'EXPRESSION_ERROR' | 'LIMIT_EXCEEDED';
  message: string;
  position: number;
}

/** Result of {@link parseTemplate}. */
export type TemplateParseResult = { ok: true; parts: TemplatePart[] } | { ok: false; error: TemplateSyntaxError };

type TemplateLimits = Pick<ExpressionLimits, 'maxTemplateLength' | 'maxTemplateDepth'>;

const FUNCTION_NAME = /^@?[\p{XID_Start}_][\p{XID_Continue}]*$/u;
const ARGUMENT_NAME = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NUMBER_START = /^[+-]?\.?\d/;
// Characters that end a path or name: they are the expression syntax itself.
const DELIMITERS = new Set(['(', ')', '{', '}', ',', ':', "'", '"']);
const STRING_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

class SyntaxFailure {
  constructor(
    readonly message: string,
    readonly position: number,
    readonly code: TemplateSyntaxError['code'] = 'EXPRESSION_ERROR',
  ) {}
}

const cache = new Map<string, TemplateParseResult>();
const CACHE_SIZE = 512;

/**
 * Parses a formatString template into parts; never throws. Adjacent literal text is one part;
 * a template without interpolations is one string part (`''` for the empty template).
 *
 * @example
 * parseTemplate('Hi ${/user/name}, ${formatDate(value: ${/now}, format: "HH:mm")}')
 */
export function parseTemplate(template: string, limits: Partial<TemplateLimits> = {}): TemplateParseResult {
  const bounds: TemplateLimits = {
    maxTemplateLength: limits.maxTemplateLength ?? DEFAULT_EXPRESSION_LIMITS.maxTemplateLength,
    maxTemplateDepth: limits.maxTemplateDepth ?? DEFAULT_EXPRESSION_LIMITS.maxTemplateDepth,
  };
  if (typeof template !== 'string') return syntaxError('A template must be a string.', 0);
  if (template.length > bounds.maxTemplateLength) {
    return syntaxError(`Template is too long (${template.length} > ${bounds.maxTemplateLength} characters).`, 0, 'LIMIT_EXCEEDED');
  }
  const key = `${bounds.maxTemplateLength}|${bounds.maxTemplateDepth}|${template}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const result = parseUncached(template, bounds);
  cache.set(key, result);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return result;
}

function parseUncached(template: string, limits: TemplateLimits): TemplateParseResult {
  try {
    return { ok: true, parts: deepFreeze(new TemplateParser(template, limits.maxTemplateDepth).parts()) };
  } catch (failure) {
    if (failure instanceof SyntaxFailure) return syntaxError(failure.message, failure.position, failure.code);
    throw failure;
  }
}

function syntaxError(message: string, position: number, code: TemplateSyntaxError['code'] = 'EXPRESSION_ERROR'): TemplateParseResult {
  return Object.freeze({ ok: false, error: Object.freeze({ code, message, position }) });
}

class TemplateParser {
  private pos = 0;
  private depth = 0;

  constructor(
    private readonly src: string,
    private readonly maxDepth: number,
  ) {}

  parts(): TemplatePart[] {
    const parts: TemplatePart[] = [];
    let text = '';
    while (this.pos < this.src.length) {
      if (this.src.startsWith('\\${', this.pos)) {
        text += '${';
        this.pos += 3;
      } else if (this.src.startsWith('${', this.pos)) {
        const value = this.interpolation();
        if (typeof value === 'string') {
          text += value;
        } else {
          if (text !== '') parts.push(text);
          text = '';
          parts.push(value);
        }
      } else {
        text += this.src[this.pos];
        this.pos += 1;
      }
    }
    if (text !== '' || parts.length === 0) parts.push(text);
    return parts;
  }

  /** `${ expression }`, with `pos` at the `$`. */
  private interpolation(): TemplateValue {
    const start = this.pos;
    this.pos += 2;
    this.enter(start);
    this.skipSpace();
    if (this.atEnd()) throw this.unclosed(start);
    if (this.peek() === '}') throw new SyntaxFailure(`Empty interpolation at position ${start}.`, start);
    const value = this.expression(start);
    this.skipSpace();
    if (this.atEnd()) throw this.unclosed(start);
    if (this.peek() !== '}') {
      throw new SyntaxFailure(
        `Unexpected characters after expression at position ${this.pos}: '${this.src.slice(this.pos, this.pos + 10)}'.`,
        this.pos,
      );
    }
    this.pos += 1;
    this.depth -= 1;
    return value;
  }

  private expression(interpolationStart: number): TemplateValue {
    if (this.src.startsWith('${', this.pos)) return this.interpolation();
    const ch = this.peek();
    if (ch === "'" || ch === '"') return this.string(ch);
    const start = this.pos;
    const word = this.word();
    if (word === '') {
      if (this.atEnd()) throw this.unclosed(interpolationStart);
      throw new SyntaxFailure(`Expected an expression at position ${start}, found '${this.peek()}'.`, start);
    }
    this.skipSpace();
    if (this.peek() === '(') return this.call(word, start, interpolationStart);
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (!word.includes('/') && NUMBER_START.test(word)) {
      if (!NUMBER.test(word)) throw new SyntaxFailure(`Invalid number literal '${word}' at position ${start}.`, start);
      return Number(word);
    }
    if (word.startsWith('@')) {
      throw new SyntaxFailure(`Expected '(' after function name '${word}' at position ${this.pos}.`, this.pos);
    }
    return { path: word };
  }

  /** `name(arg: value, …)`, with `pos` at the `(`. */
  private call(name: string, nameStart: number, interpolationStart: number): TemplateCall {
    if (!FUNCTION_NAME.test(name)) throw new SyntaxFailure(`Invalid function name '${name}' at position ${nameStart}.`, nameStart);
    this.enter(this.pos);
    this.pos += 1;
    const args: Record<string, TemplateValue> = {};
    this.skipSpace();
    if (this.peek() === ')') {
      this.pos += 1;
      this.depth -= 1;
      return { call: name, args, returnType: 'any' };
    }
    for (;;) {
      this.skipSpace();
      const argStart = this.pos;
      const argName = this.word();
      if (argName === '') {
        if (this.atEnd()) throw this.unclosed(interpolationStart);
        throw new SyntaxFailure(
          `Expected an argument name at position ${argStart} in the call of '${name}' (arguments are named: ${name}(value: …)).`,
          argStart,
        );
      }
      if (!ARGUMENT_NAME.test(argName)) throw new SyntaxFailure(`Invalid argument name '${argName}' at position ${argStart}.`, argStart);
      this.skipSpace();
      if (this.atEnd()) throw this.unclosed(interpolationStart);
      if (this.peek() !== ':') {
        throw new SyntaxFailure(`Expected ':' after argument name '${argName}' at position ${this.pos}.`, this.pos);
      }
      this.pos += 1;
      this.skipSpace();
      if (this.atEnd()) throw this.unclosed(interpolationStart);
      const value = this.expression(interpolationStart);
      if (Object.prototype.hasOwnProperty.call(args, argName)) {
        throw new SyntaxFailure(`Duplicate argument '${argName}' at position ${argStart}.`, argStart);
      }
      // defineProperty: an argument named __proto__ must stay an own property.
      Object.defineProperty(args, argName, { value, enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      if (this.atEnd()) throw this.unclosed(interpolationStart);
      const next = this.peek();
      this.pos += 1;
      if (next === ',') continue;
      if (next === ')') break;
      this.pos -= 1;
      throw new SyntaxFailure(
        `Expected ',' or ')' after function arguments at position ${this.pos}, found '${next}'.`,
        this.pos,
      );
    }
    this.depth -= 1;
    return { call: name, args, returnType: 'any' };
  }

  /** A quoted string literal with backslash escapes, with `pos` at the opening quote. */
  private string(quote: string): string {
    const start = this.pos;
    this.pos += 1;
    let value = '';
    while (!this.atEnd()) {
      const ch = this.src[this.pos] as string;
      if (ch === quote) {
        this.pos += 1;
        return value;
      }
      if (ch === '\\') {
        value += this.escape();
      } else {
        value += ch;
        this.pos += 1;
      }
    }
    throw new SyntaxFailure(`Unterminated string literal starting at position ${start}.`, start);
  }

  private escape(): string {
    const next = this.src[this.pos + 1];
    if (next === undefined) {
      this.pos += 1;
      return '\\';
    }
    const simple = STRING_ESCAPES[next];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    const hex = next === 'x' ? /^x([0-9a-fA-F]{2})/ : next === 'u' ? /^u(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/ : null;
    const match = hex === null ? null : hex.exec(this.src.slice(this.pos + 1));
    if (match !== null) {
      const code = parseInt((match[1] ?? match[2]) as string, 16);
      if (code <= 0x10ffff) {
        this.pos += 1 + match[0].length;
        return String.fromCodePoint(code);
      }
    }
    // Any other escaped character stands for itself: \' \" \\ \$ \}.
    this.pos += 2;
    return next;
  }

  /** A run of path or name characters (anything but whitespace, delimiters and `${`). */
  private word(): string {
    const start = this.pos;
    while (!this.atEnd()) {
      const ch = this.src[this.pos] as string;
      if (/\s/.test(ch) || DELIMITERS.has(ch) || this.src.startsWith('${', this.pos)) break;
      this.pos += 1;
    }
    return this.src.slice(start, this.pos);
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > this.maxDepth) {
      throw new SyntaxFailure(`Expression nesting exceeds ${this.maxDepth} levels at position ${position}.`, position, 'LIMIT_EXCEEDED');
    }
  }

  private unclosed(start: number): SyntaxFailure {
    return new SyntaxFailure(`Unclosed interpolation: '\${' at position ${start} has no matching '}'.`, start);
  }

  private skipSpace(): void {
    while (!this.atEnd() && /\s/.test(this.src[this.pos] as string)) this.pos += 1;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  private atEnd(): boolean {
    return this.pos >= this.src.length;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
