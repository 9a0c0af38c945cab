/**
 * A regular-expression matcher for agent-supplied patterns that cannot hang the process.
 *
 * JavaScript's RegExp backtracks, so a short pattern such as `(a+)+$` takes exponential time on a
 * 30-character input, and bounding lengths alone does not prevent it. This module parses the
 * pattern (JavaScript syntax without flags, validated by the native parser first), compiles it to
 * a small instruction program and runs it with an explicit stack:
 * - without backreferences, every (instruction, position) state is explored at most once per
 *   test, so matching is O(program × input), whatever the pattern;
 * - with backreferences (whose outcome depends on captures), it backtracks as JavaScript does.
 * In both cases a step budget bounds the work: exceeding it is an error, never a long run.
 * `test` says whether the pattern matches somewhere in the input. `exec` and `replace` also find
 * where, with JavaScript's leftmost, priority-ordered semantics and capture groups: without
 * backreferences they run a Pike VM (threads in priority order, each (instruction, position)
 * state claimed once), which keeps them linear too.
 */
import { LimitExceededError } from '../catalog/types';

/** Bounds for agent-supplied regular expressions. */
export interface RegexLimits {
  /** Longest pattern accepted, in UTF-16 code units. */
  maxPatternLength: number;
  /** Longest input tested, in UTF-16 code units. */
  maxInputLength: number;
  /** Instruction steps one test may take before it is abandoned with an error. */
  maxSteps: number;
}

/** Default regex bounds: enough for form validation, small enough to stay well under 100 ms. */
export const DEFAULT_REGEX_LIMITS: Readonly<RegexLimits> = Object.freeze({
  maxPatternLength: 1000,
  maxInputLength: 10_000,
  maxSteps: 1_000_000,
});

/** A pattern or an input over the matcher's limits (length, nesting, size, steps); the message says which. */
export class RegexLimitError extends LimitExceededError {
  override readonly name: string = 'RegexLimitError';
}

/** A pattern JavaScript accepts but the matcher does not support (invalid ones throw the native SyntaxError). */
export class RegexSyntaxError extends Error {
  override readonly name: string = 'RegexSyntaxError';
}

/** One match: where it starts and ends (UTF-16 indices) and the text of each capture group. */
export interface SafeRegexMatch {
  /** Start of the match. */
  index: number;
  /** End of the match (exclusive). */
  end: number;
  /** The matched text. */
  match: string;
  /** Groups 1..n, in order; undefined for a group that took no part in the match. */
  captures: (string | undefined)[];
}

/**
 * A step budget that several matcher calls can share, so that a whole operation (every match of
 * a replace, every check of a schema) is bounded, not just each call.
 */
export class RegexBudget {
  private steps = 0;
  constructor(readonly maxSteps: number) {}
  /** Counts one step; throws {@link RegexLimitError} past the budget. */
  spend(): void {
    this.steps += 1;
    if (this.steps > this.maxSteps) {
      throw new RegexLimitError(`Pattern is too expensive for this input (more than ${this.maxSteps} steps).`);
    }
  }
  /** Steps spent so far. */
  get spent(): number {
    return this.steps;
  }
}

/**
 * A compiled pattern. Each method throws {@link RegexLimitError} when the input or the work is
 * too large; `budget` makes several calls share one step budget (default: a fresh one per call).
 */
export interface SafeRegex {
  readonly pattern: string;
  /** Whether the pattern matches somewhere in `input`. */
  test(input: string, budget?: RegexBudget): boolean;
  /** The first match starting at or after `from` (default 0), as `RegExp#exec` finds it; null when none. */
  exec(input: string, from?: number, budget?: RegexBudget): SafeRegexMatch | null;
  /**
   * `input` with every match replaced by `replacement`, taken literally (`$1` stays `$1`). Matches
   * are found as a global `String#replace` finds them; one budget covers the whole replacement.
   */
  replace(input: string, replacement: string, budget?: RegexBudget): string;
}

const MAX_INSTRUCTIONS = 20_000;
const MAX_GROUP_DEPTH = 100;
const VISITED_ARRAY_LIMIT = 1 << 22;

// ---------------------------------------------------------------------------------------------
// Character sets: sorted, merged [lo, hi] pairs of UTF-16 code units, flattened.

type Ranges = number[];

const MAX_UNIT = 0xffff;
const DIGIT: Ranges = [0x30, 0x39];
const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
const SPACE: Ranges = normalize([
  0x09, 0x0d, 0x20, 0x20, 0xa0, 0xa0, 0x1680, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x202f, 0x205f, 0x205f,
  0x3000, 0x3000, 0xfeff, 0xfeff,
]);
const LINE_TERMINATORS: Ranges = [0x0a, 0x0a, 0x0d, 0x0d, 0x2028, 0x2029];
const DOT: Ranges = complement(LINE_TERMINATORS);

function normalize(ranges: Ranges): Ranges {
  const pairs: [number, number][] = [];
  for (let i = 0; i < ranges.length; i += 2) pairs.push([ranges[i] as number, ranges[i + 1] as number]);
  pairs.sort((a, b) => a[0] - b[0]);
  const out: Ranges = [];
  for (const [lo, hi] of pairs) {
    const last = out.length - 1;
    if (last > 0 && lo <= (out[last] as number) + 1) out[last] = Math.max(out[last] as number, hi);
    else out.push(lo, hi);
  }
  return out;
}

function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (let i = 0; i < ranges.length; i += 2) {
    const lo = ranges[i] as number;
    if (lo > next) out.push(next, lo - 1);
    next = (ranges[i + 1] as number) + 1;
  }
  if (next <= MAX_UNIT) out.push(next, MAX_UNIT);
  return out;
}

function inRanges(ranges: Ranges, unit: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) {
    if (unit < (ranges[i] as number)) return false;
    if (unit <= (ranges[i + 1] as number)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Syntax tree.

type AssertKind = 'bol' | 'eol' | 'word' | 'notWord';
type Node =
  | { t: 'set'; ranges: Ranges }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'group'; body: Node; capture: number | null }
  | { t: 'repeat'; body: Node; min: number; max: number; lazy: boolean }
  | { t: 'assert'; kind: AssertKind }
  | { t: 'look'; body: Node; behind: boolean; negate: boolean }
  | { t: 'backref'; group: number };

interface ParsedPattern {
  node: Node;
  groupCount: number;
  hasBackrefs: boolean;
}

/** A recursive-descent parser for JavaScript pattern syntax without flags (Annex B included). */
class PatternParser {
  private pos = 0;
  private depth = 0;
  private captures = 0;
  hasBackrefs = false;
  readonly groupCount: number;
  readonly groupNames: string[];

  constructor(private readonly source: string) {
    const scan = scanGroups(source);
    this.groupCount = scan.count;
    this.groupNames = scan.names;
  }

  parse(): ParsedPattern {
    const node = this.alternation();
    if (this.pos < this.source.length) this.unsupported(`unexpected '${this.source[this.pos]}'`);
    return { node, groupCount: this.groupCount, hasBackrefs: this.hasBackrefs };
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.peek() === '|') {
      this.pos += 1;
      options.push(this.sequence());
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.pos < this.source.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom();
      items.push(this.quantified(atom));
    }
    return items.length === 1 ? (items[0] as Node) : { t: 'seq', items };
  }

  private quantified(atom: Node): Node {
    const bounds = this.quantifier();
    if (bounds === null) return atom;
    // Laziness does not change whether a match exists, only which one `exec` reports.
    const lazy = this.peek() === '?';
    if (lazy) this.pos += 1;
    return { t: 'repeat', body: atom, min: bounds[0], max: bounds[1], lazy };
  }

  private quantifier(): [number, number] | null {
    const ch = this.peek();
    if (ch === '*') return this.advance([0, Infinity]);
    if (ch === '+') return this.advance([1, Infinity]);
    if (ch === '?') return this.advance([0, 1]);
    if (ch !== '{') return null;
    const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.pos));
    if (match === null) return null; // Annex B: a brace that is not a quantifier is a literal
    this.pos += match[0].length;
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    return [min, max];
  }

  private advance<T>(value: T): T {
    this.pos += 1;
    return value;
  }

  private atom(): Node {
    const ch = this.source[this.pos] as string;
    switch (ch) {
      case '^':
        return this.advance({ t: 'assert', kind: 'bol' });
      case '$':
        return this.advance({ t: 'assert', kind: 'eol' });
      case '.':
        return this.advance({ t: 'set', ranges: DOT });
      case '(':
        return this.group();
      case '[':
        return this.characterClass();
      case '\\':
        return this.atomEscape();
      default:
        this.pos += 1;
        return literal(ch.charCodeAt(0));
    }
  }

  private group(): Node {
    this.pos += 1;
    this.depth += 1;
    if (this.depth > MAX_GROUP_DEPTH) throw new RegexLimitError(`Pattern groups are nested more than ${MAX_GROUP_DEPTH} deep.`);
    let node: Node;
    const rest = this.source.slice(this.pos, this.pos + 3);
    if (rest.startsWith('?:')) {
      this.pos += 2;
      node = { t: 'group', body: this.alternation(), capture: null };
    } else if (rest.startsWith('?=') || rest.startsWith('?!')) {
      this.pos += 2;
      node = { t: 'look', body: this.alternation(), behind: false, negate: rest[1] === '!' };
    } else if (rest === '?<=' || rest === '?<!') {
      this.pos += 3;
      node = { t: 'look', body: this.alternation(), behind: true, negate: rest[2] === '!' };
    } else if (rest.startsWith('?<')) {
      const close = this.source.indexOf('>', this.pos);
      if (close < 0) this.unsupported('unterminated group name');
      this.pos = close + 1;
      this.captures += 1;
      node = { t: 'group', body: this.alternation(), capture: this.captures };
    } else if (rest.startsWith('?')) {
      this.unsupported('group modifiers');
    } else {
      this.captures += 1;
      const capture = this.captures;
      node = { t: 'group', body: this.alternation(), capture };
    }
    if (this.peek() !== ')') this.unsupported('unterminated group');
    this.pos += 1;
    this.depth -= 1;
    return node;
  }

  private atomEscape(): Node {
    this.pos += 1;
    const ch = this.source[this.pos];
    if (ch === undefined) return this.unsupported('trailing backslash');
    switch (ch) {
      case 'b':
        return this.advance({ t: 'assert', kind: 'word' });
      case 'B':
        return this.advance({ t: 'assert', kind: 'notWord' });
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 's':
      case 'S':
        return this.advance({ t: 'set', ranges: classEscape(ch) });
      case 'k':
        if (this.groupNames.length > 0) return this.namedBackref();
        return this.advance(literal(0x6b));
      case 'c': {
        const next = this.source.charCodeAt(this.pos + 1);
        if (isAsciiLetter(next)) {
          this.pos += 2;
          return literal(next % 32);
        }
        return literal(0x5c); // Annex B: "\c" not followed by a letter is a literal backslash, then "c"
      }
      default:
        if (ch >= '1' && ch <= '9') {
          const digits = /^\d+/.exec(this.source.slice(this.pos))?.[0] ?? '';
          const group = Number(digits);
          if (group <= this.groupCount) {
            this.pos += digits.length;
            this.hasBackrefs = true;
            return { t: 'backref', group };
          }
        }
        return literal(this.characterEscape(false));
    }
  }

  private namedBackref(): Node {
    const match = /^k<([^>]+)>/.exec(this.source.slice(this.pos));
    if (match === null) return this.unsupported('malformed named backreference');
    const group = this.groupNames.indexOf(match[1] as string);
    if (group < 0) return this.unsupported(`unknown group name '${match[1]}'`);
    this.pos += match[0].length;
    this.hasBackrefs = true;
    return { t: 'backref', group: group + 1 };
  }

  /** A CharacterEscape (after the backslash), as a code unit; `pos` moves past it. */
  private characterEscape(inClass: boolean): number {
    const ch = this.source[this.pos] as string;
    const simple: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
    if (ch in simple) return this.advance(simple[ch] as number);
    if (ch === '0' && !isDigit(this.source.charCodeAt(this.pos + 1))) return this.advance(0);
    if (ch >= '0' && ch <= '7') return this.legacyOctal();
    if (ch === 'x' || ch === 'u') {
      const width = ch === 'x' ? 2 : 4;
      const hex = this.source.slice(this.pos + 1, this.pos + 1 + width);
      if (hex.length === width && /^[0-9a-fA-F]+$/.test(hex)) {
        this.pos += 1 + width;
        return parseInt(hex, 16);
      }
      return this.advance(ch.charCodeAt(0));
    }
    if (inClass && ch === 'c') {
      const next = this.source.charCodeAt(this.pos + 1);
      if (isAsciiLetter(next) || isDigit(next) || next === 0x5f) {
        this.pos += 2;
        return next % 32;
      }
      this.pos -= 1; // Annex B: "[\c]" holds a backslash and a "c"
      return this.advance(0x5c);
    }
    return this.advance(ch.charCodeAt(0)); // identity escape
  }

  private legacyOctal(): number {
    const match = /^[0-3][0-7]{0,2}|^[4-7][0-7]?/.exec(this.source.slice(this.pos)) as RegExpExecArray;
    this.pos += match[0].length;
    return parseInt(match[0], 8);
  }

  private characterClass(): Node {
    this.pos += 1;
    let negate = false;
    if (this.peek() === '^') {
      negate = true;
      this.pos += 1;
    }
    const ranges: Ranges = [];
    while (this.peek() !== ']') {
      if (this.pos >= this.source.length) this.unsupported('unterminated character class');
      const first = this.classAtom();
      if (this.peek() === '-' && this.source[this.pos + 1] !== ']' && this.pos + 1 < this.source.length) {
        this.pos += 1;
        const second = this.classAtom();
        if (typeof first === 'number' && typeof second === 'number') {
          if (first > second) this.unsupported('range out of order in character class');
          ranges.push(first, second);
        } else {
          // Annex B: a class escape at either end makes the dash a literal.
          addClassAtom(ranges, first);
          ranges.push(0x2d, 0x2d);
          addClassAtom(ranges, second);
        }
      } else {
        addClassAtom(ranges, first);
      }
    }
    this.pos += 1;
    const set = normalize(ranges);
    return { t: 'set', ranges: negate ? complement(set) : set };
  }

  private classAtom(): number | Ranges {
    const ch = this.source[this.pos] as string;
    if (ch !== '\\') return this.advance(ch.charCodeAt(0));
    this.pos += 1;
    const escaped = this.source[this.pos];
    if (escaped === undefined) return this.unsupported('trailing backslash');
    if ('dDwWsS'.includes(escaped)) return this.advance(classEscape(escaped));
    if (escaped === 'b') return this.advance(8);
    if (escaped === '-') return this.advance(0x2d);
    if (escaped >= '1' && escaped <= '9') {
      // Annex B: in a class, \8 and \9 are the digits and \1..\7 start octal escapes.
      if (escaped >= '8') return this.advance(escaped.charCodeAt(0));
      return this.legacyOctal();
    }
    return this.characterEscape(true);
  }

  private peek(): string | undefined {
    return this.source[this.pos];
  }

  private unsupported(what: string): never {
    throw new RegexSyntaxError(`Unsupported regular expression syntax at position ${this.pos}: ${what}.`);
  }
}

function literal(unit: number): Node {
  return { t: 'set', ranges: [unit, unit] };
}

function addClassAtom(ranges: Ranges, atom: number | Ranges): void {
  if (typeof atom === 'number') ranges.push(atom, atom);
  else ranges.push(...atom);
}

function classEscape(letter: string): Ranges {
  const base = letter.toLowerCase() === 'd' ? DIGIT : letter.toLowerCase() === 'w' ? WORD : SPACE;
  return letter === letter.toUpperCase() ? complement(base) : base;
}

function isDigit(unit: number): boolean {
  return unit >= 0x30 && unit <= 0x39;
}

function isAsciiLetter(unit: number): boolean {
  return (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
}

/** Counts capturing groups and collects group names, skipping escapes and classes. */
function scanGroups(source: string): { count: number; names: string[] } {
  let count = 0;
  const names: string[] = [];
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i];
    if (ch === '\\') {
      i += 1;
    } else if (ch === '[') {
      for (i += 1; i < source.length && source[i] !== ']'; i += 1) if (source[i] === '\\') i += 1;
    } else if (ch === '(') {
      if (source[i + 1] !== '?') count += 1;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        count += 1;
        const close = source.indexOf('>', i);
        names[count - 1] = close < 0 ? '' : source.slice(i + 3, close);
      }
    }
  }
  return { count, names: Array.from({ length: count }, (_, index) => names[index] ?? '') };
}

// ---------------------------------------------------------------------------------------------
// Compilation to a program.

const Op = {
  Char: 0,
  Split: 1,
  Jmp: 2,
  Save: 3,
  Assert: 4,
  Look: 5,
  Backref: 6,
  Mark: 7,
  Check: 8,
  Match: 9,
  ClearCaptures: 10,
} as const;
type Op = (typeof Op)[keyof typeof Op];

interface Instruction {
  op: Op;
  /**
   * Char: set index; Split/Jmp: target; Save: slot; Look: program index; Backref: group;
   * Mark/Check: register; ClearCaptures: first group.
   */
  a: number;
  /** Split: second target; Look: 1 when negated; ClearCaptures: last group. */
  b: number;
  /** Char/Backref/Look: -1 when matching backwards (lookbehind). */
  dir: 1 | -1;
  kind?: AssertKind;
  /**
   * Empty-iteration registers live here (set by a Mark, read by a Check ahead), innermost last.
   * Whether each still equals the position decides what the thread can do next.
   */
  live?: number[];
}

interface Program {
  code: Instruction[];
}

interface CompiledPattern {
  programs: Program[]; // programs[0] is the main program; the others are lookaround bodies
  sets: Ranges[];
  groupCount: number;
  registers: number;
  backtracking: boolean;
}

/** What a program records: captures (Save, ClearCaptures) and empty-iteration checks (Mark, Check). */
interface CompilerOptions {
  captures: boolean;
  emptyChecks: boolean;
}

class Compiler {
  readonly programs: Program[] = [];
  readonly sets: Ranges[] = [];
  registers = 0;
  private size = 0;
  private readonly liveRegisters: number[] = [];

  constructor(private readonly options: CompilerOptions) {}

  program(node: Node, dir: 1 | -1): number {
    // A lookaround body is a program of its own: the registers around it are not its concern.
    const outer = this.liveRegisters.splice(0);
    const index = this.programs.length;
    const program: Program = { code: [] };
    this.programs.push(program);
    this.emit(program, node, dir);
    this.push(program, { op: Op.Match, a: 0, b: 0, dir });
    this.liveRegisters.push(...outer);
    return index;
  }

  private push(program: Program, instruction: Instruction): number {
    this.size += 1;
    if (this.size > MAX_INSTRUCTIONS) throw new RegexLimitError('Pattern is too complex (its repetitions expand too far).');
    if (this.liveRegisters.length > 0) instruction.live = [...this.liveRegisters];
    program.code.push(instruction);
    return program.code.length - 1;
  }

  private emit(program: Program, node: Node, dir: 1 | -1): void {
    switch (node.t) {
      case 'set':
        this.sets.push(node.ranges);
        this.push(program, { op: Op.Char, a: this.sets.length - 1, b: 0, dir });
        return;
      case 'seq': {
        const items = dir === 1 ? node.items : [...node.items].reverse();
        for (const item of items) this.emit(program, item, dir);
        return;
      }
      case 'alt':
        this.alternation(program, node.options, dir);
        return;
      case 'group': {
        const capture = this.options.captures ? node.capture : null;
        if (capture !== null) this.push(program, { op: Op.Save, a: 2 * capture + (dir === 1 ? 0 : 1), b: 0, dir });
        this.emit(program, node.body, dir);
        if (capture !== null) this.push(program, { op: Op.Save, a: 2 * capture + (dir === 1 ? 1 : 0), b: 0, dir });
        return;
      }
      case 'repeat':
        this.repeat(program, node, dir);
        return;
      case 'assert':
        this.push(program, { op: Op.Assert, a: 0, b: 0, dir, kind: node.kind });
        return;
      case 'look': {
        const index = this.program(node.body, node.behind ? -1 : 1);
        this.push(program, { op: Op.Look, a: index, b: node.negate ? 1 : 0, dir: node.behind ? -1 : 1 });
        return;
      }
      case 'backref':
        this.push(program, { op: Op.Backref, a: node.group, b: 0, dir });
        return;
    }
  }

  private alternation(program: Program, options: Node[], dir: 1 | -1): void {
    const jumps: Instruction[] = [];
    options.forEach((option, index) => {
      if (index < options.length - 1) {
        const split = { op: Op.Split, a: 0, b: 0, dir } as Instruction;
        this.push(program, split);
        split.a = program.code.length;
        this.emit(program, option, dir);
        const jump = { op: Op.Jmp, a: 0, b: 0, dir } as Instruction;
        this.push(program, jump);
        jumps.push(jump);
        split.b = program.code.length;
      } else {
        this.emit(program, option, dir);
      }
    });
    for (const jump of jumps) jump.a = program.code.length;
  }

  private repeat(program: Program, node: { body: Node; min: number; max: number; lazy: boolean }, dir: 1 | -1): void {
    if (node.min > MAX_INSTRUCTIONS || (node.max !== Infinity && node.max > MAX_INSTRUCTIONS)) {
      throw new RegexLimitError('Pattern is too complex (a repetition count is too large).');
    }
    const iteration = (): void => {
      // As in JavaScript, each iteration starts with the captures of its own groups unset.
      const groups = this.options.captures ? capturesIn(node.body) : [];
      if (groups.length > 0) {
        this.push(program, { op: Op.ClearCaptures, a: Math.min(...groups), b: Math.max(...groups), dir });
      }
      this.emit(program, node.body, dir);
    };
    for (let i = 0; i < node.min; i += 1) iteration();
    if (node.min === node.max) return;
    // As in JavaScript, an iteration past the minimum fails when it matches nothing. Which match
    // is found depends on it (not whether one exists), so only programs that report matches
    // check; one register serves all iterations of this repetition, as they run one after another.
    const register = this.options.emptyChecks ? this.registers++ : -1;
    const optionalIteration = (): void => {
      if (register < 0) {
        iteration();
        return;
      }
      this.push(program, { op: Op.Mark, a: register, b: 0, dir });
      this.liveRegisters.push(register);
      iteration();
      this.push(program, { op: Op.Check, a: register, b: 0, dir });
      this.liveRegisters.pop();
    };
    if (node.max === Infinity) {
      const loop = this.push(program, { op: Op.Split, a: 0, b: 0, dir });
      const split = program.code[loop] as Instruction;
      optionalIteration();
      this.push(program, { op: Op.Jmp, a: loop, b: 0, dir });
      orderSplit(split, loop + 1, program.code.length, node.lazy);
      return;
    }
    const splits: Array<{ split: Instruction; body: number }> = [];
    for (let i = node.min; i < node.max; i += 1) {
      const split = { op: Op.Split, a: 0, b: 0, dir } as Instruction;
      this.push(program, split);
      splits.push({ split, body: program.code.length });
      optionalIteration();
    }
    for (const { split, body } of splits) orderSplit(split, body, program.code.length, node.lazy);
  }
}

/** A Split's first target is the preferred one: the body when greedy, the exit when lazy. */
function orderSplit(split: Instruction, body: number, exit: number, lazy: boolean): void {
  split.a = lazy ? exit : body;
  split.b = lazy ? body : exit;
}

/** Whether a lookaround inside the node holds a capture group (whose value a match reports). */
function capturesInLookaround(node: Node): boolean {
  switch (node.t) {
    case 'seq':
      return node.items.some(capturesInLookaround);
    case 'alt':
      return node.options.some(capturesInLookaround);
    case 'group':
    case 'repeat':
      return capturesInLookaround(node.body);
    case 'look':
      return capturesIn(node.body).length > 0 || capturesInLookaround(node.body);
    default:
      return false;
  }
}

/** The capture group numbers inside a node (group numbers inside one node are consecutive). */
function capturesIn(node: Node): number[] {
  switch (node.t) {
    case 'seq':
      return node.items.flatMap(capturesIn);
    case 'alt':
      return node.options.flatMap(capturesIn);
    case 'group':
      return node.capture === null ? capturesIn(node.body) : [node.capture, ...capturesIn(node.body)];
    case 'repeat':
    case 'look':
      return capturesIn(node.body);
    default:
      return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Execution.

/** Visited (instruction, position) states; generation stamps avoid clearing between searches. */
class VisitedStates {
  private readonly stamps: Uint32Array | null;
  private readonly set: Set<number> | null;
  private generation = 1;

  constructor(cells: number) {
    this.stamps = cells <= VISITED_ARRAY_LIMIT ? new Uint32Array(cells) : null;
    this.set = this.stamps === null ? new Set() : null;
  }

  reset(): void {
    this.generation += 1;
    this.set?.clear();
  }

  /** Marks a state; returns false when it was already marked in this generation. */
  visit(key: number): boolean {
    if (this.stamps !== null) {
      if (this.stamps[key] === this.generation) return false;
      this.stamps[key] = this.generation;
      return true;
    }
    const set = this.set as Set<number>;
    if (set.has(key)) return false;
    set.add(key);
    return true;
  }
}

function isWordUnit(input: string, index: number): boolean {
  return index >= 0 && index < input.length && inRanges(WORD, input.charCodeAt(index));
}

function assertionHolds(kind: AssertKind, input: string, sp: number): boolean {
  switch (kind) {
    case 'bol':
      return sp === 0;
    case 'eol':
      return sp === input.length;
    case 'word':
      return isWordUnit(input, sp - 1) !== isWordUnit(input, sp);
    case 'notWord':
      return isWordUnit(input, sp - 1) === isWordUnit(input, sp);
  }
}

/** Linear search over (instruction, position) states, for patterns without backreferences. */
class StateSearch {
  private readonly visited: VisitedStates[];
  private readonly lookMemo: Map<number, boolean>[];
  private readonly lastLookSucceeded: boolean[];

  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {
    const width = input.length + 1;
    this.visited = compiled.programs.map((program) => new VisitedStates(program.code.length * width));
    this.lookMemo = compiled.programs.map(() => new Map());
    this.lastLookSucceeded = compiled.programs.map(() => false);
  }

  test(): boolean {
    // States that failed from one start position fail from every other: one visited set serves all.
    for (let start = 0; start <= this.input.length; start += 1) if (this.run(0, start)) return true;
    return false;
  }

  private run(programIndex: number, start: number): boolean {
    const { code } = this.compiled.programs[programIndex] as Program;
    const visited = this.visited[programIndex] as VisitedStates;
    const { input } = this;
    const width = input.length + 1;
    const stack: number[] = [0, start];
    while (stack.length > 0) {
      let sp = stack.pop() as number;
      let pc = stack.pop() as number;
      for (;;) {
        // Only new states cost a step: each has at most two successors, so revisits are bounded too.
        if (!visited.visit(pc * width + sp)) break;
        this.budget.spend();
        const ins = code[pc] as Instruction;
        if (ins.op === Op.Char) {
          const at = ins.dir === 1 ? sp : sp - 1;
          if (at < 0 || at >= input.length || !inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(at))) break;
          sp += ins.dir;
          pc += 1;
        } else if (ins.op === Op.Split) {
          stack.push(ins.b, sp);
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Look) {
          if (this.look(ins.a, sp) === (ins.b === 1)) break;
          pc += 1;
        } else if (ins.op === Op.Match) {
          return true;
        } else {
          pc += 1;
        }
      }
    }
    return false;
  }

  /** Whether lookaround program `programIndex` matches at `sp` (memoized per position). */
  look(programIndex: number, sp: number): boolean {
    const memo = this.lookMemo[programIndex] as Map<number, boolean>;
    const known = memo.get(sp);
    if (known !== undefined) return known;
    // A failed lookaround explored only dead states, which stay dead from any position: keep
    // them marked. A successful one may have left live states marked, so start afresh after it.
    if (this.lastLookSucceeded[programIndex] === true) (this.visited[programIndex] as VisitedStates).reset();
    const result = this.run(programIndex, sp);
    this.lastLookSucceeded[programIndex] = result;
    memo.set(sp, result);
    return result;
  }
}

const BRANCH = 0;
const RESTORE_CAPTURE = 1;
const RESTORE_REGISTER = 2;

/** Backtracking in JavaScript's order, for patterns with backreferences; bounded by the budget. */
class Backtracker {
  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {}

  test(): boolean {
    return this.exec(0) !== null;
  }

  /** The slots of the first match starting at or after `from` (slot 0 and 1: the match), or null. */
  exec(from: number): Int32Array | null {
    for (let start = from; start <= this.input.length; start += 1) {
      const captures = new Int32Array(2 * (this.compiled.groupCount + 1)).fill(-1);
      if (this.run(0, start, captures) !== null) return captures;
    }
    return null;
  }

  /** Runs a program from `start`; returns the captures of the first match, or null. */
  private run(programIndex: number, start: number, captures: Int32Array): Int32Array | null {
    const { code } = this.compiled.programs[programIndex] as Program;
    const { input } = this;
    const registers = new Int32Array(this.compiled.registers).fill(-1);
    const stack: number[] = [BRANCH, 0, start];
    while (stack.length > 0) {
      const b = stack.pop() as number;
      const a = stack.pop() as number;
      const kind = stack.pop() as number;
      if (kind === RESTORE_CAPTURE) {
        captures[a] = b;
        continue;
      }
      if (kind === RESTORE_REGISTER) {
        registers[a] = b;
        continue;
      }
      let pc = a;
      let sp = b;
      for (;;) {
        this.budget.spend();
        const ins = code[pc] as Instruction;
        if (ins.op === Op.Char) {
          const at = ins.dir === 1 ? sp : sp - 1;
          if (at < 0 || at >= input.length || !inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(at))) break;
          sp += ins.dir;
          pc += 1;
        } else if (ins.op === Op.Split) {
          stack.push(BRANCH, ins.b, sp);
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Save) {
          stack.push(RESTORE_CAPTURE, ins.a, captures[ins.a] as number);
          captures[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.Mark) {
          stack.push(RESTORE_REGISTER, ins.a, registers[ins.a] as number);
          registers[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.Check) {
          if (registers[ins.a] === sp) break; // an iteration that matched nothing ends the loop
          pc += 1;
        } else if (ins.op === Op.ClearCaptures) {
          for (let slot = 2 * ins.a; slot <= 2 * ins.b + 1; slot += 1) {
            if (captures[slot] !== -1) {
              stack.push(RESTORE_CAPTURE, slot, captures[slot] as number);
              captures[slot] = -1;
            }
          }
          pc += 1;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Backref) {
          const next = this.backref(ins, captures, sp);
          if (next < 0) break;
          sp = next;
          pc += 1;
        } else if (ins.op === Op.Look) {
          if (!this.look(ins, sp, captures, stack)) break;
          pc += 1;
        } else {
          if (programIndex === 0) {
            captures[0] = start;
            captures[1] = sp;
          }
          return captures;
        }
      }
    }
    return null;
  }

  private backref(ins: Instruction, captures: Int32Array, sp: number): number {
    const from = captures[2 * ins.a] as number;
    const to = captures[2 * ins.a + 1] as number;
    if (from < 0 || to < 0) return sp; // a group that did not participate matches the empty string
    const text = this.input.slice(from, to);
    if (ins.dir === 1) return this.input.startsWith(text, sp) ? sp + text.length : -1;
    return sp - text.length >= 0 && this.input.slice(sp - text.length, sp) === text ? sp - text.length : -1;
  }

  /** Lookarounds are atomic: a positive one keeps the captures of its first match. */
  private look(ins: Instruction, sp: number, captures: Int32Array, stack: number[]): boolean {
    const result = this.run(ins.a, sp, Int32Array.from(captures));
    if (ins.b === 1) return result === null;
    if (result === null) return false;
    result.forEach((value, slot) => {
      if (captures[slot] !== value) {
        stack.push(RESTORE_CAPTURE, slot, captures[slot] as number);
        captures[slot] = value;
      }
    });
    return true;
  }
}

/** A thread of the Pike VM: where it is in the program and the capture slots it carries. */
interface Thread {
  pc: number;
  slots: Int32Array;
}

/**
 * Leftmost-first matching with captures in linear time, for patterns without backreferences: the
 * threads at each position are kept in priority order (JavaScript's backtracking order), and each
 * instruction joins a position's list at most once, claimed by the highest-priority thread that
 * reaches it. Lookarounds are answered by a {@link StateSearch} over the same input (memoized per
 * position), so they report no captures: patterns with captures inside lookarounds are left to
 * the backtracker.
 */
class PikeVM {
  private readonly code: Instruction[];
  private readonly stamps: Uint32Array;
  /** Claims of states whose instruction has live registers: (pc, which registers are empty) → generation. */
  private readonly liveStamps = new Map<number, number>();
  /** Where the empty-iteration registers start in a thread's slots (after the capture slots). */
  private readonly registerBase: number;
  private generation = 0;
  private looks: StateSearch | null = null;

  constructor(
    private readonly compiled: CompiledPattern,
    private readonly input: string,
    private readonly budget: RegexBudget,
  ) {
    this.code = (compiled.programs[0] as Program).code;
    this.stamps = new Uint32Array(this.code.length);
    this.registerBase = 2 * (compiled.groupCount + 1);
  }

  exec(from: number): Int32Array | null {
    const { input } = this;
    if (from > input.length) return null;
    let matched: Int32Array | null = null;
    let current: Thread[] = [];
    this.generation += 1;
    for (let sp = from; ; sp += 1) {
      // A search starting here has the lowest priority, and only matters while nothing matched.
      if (matched === null) this.follow(current, 0, sp, this.startSlots(sp));
      const next: Thread[] = [];
      this.generation += 1;
      for (const thread of current) {
        this.budget.spend();
        const ins = this.code[thread.pc] as Instruction;
        if (ins.op === Op.Match) {
          // Every thread after this one has lower priority: this match beats them all.
          matched = Int32Array.from(thread.slots);
          matched[1] = sp;
          break;
        }
        if (sp < input.length && inRanges(this.compiled.sets[ins.a] as Ranges, input.charCodeAt(sp))) {
          this.follow(next, thread.pc + 1, sp + 1, thread.slots);
        }
      }
      if (sp >= input.length || (matched !== null && next.length === 0)) break;
      current = next;
    }
    return matched;
  }

  /**
   * Claims the state for this list; false when a thread of higher priority already holds it. Two
   * threads at one instruction behave alike from there on unless a live register is empty
   * (equals the position) for one and not the other, so that is part of the state.
   */
  private claim(pc: number, ins: Instruction, slots: Int32Array, sp: number): boolean {
    if (ins.live === undefined) {
      if (this.stamps[pc] === this.generation) return false;
      this.stamps[pc] = this.generation;
      return true;
    }
    let mask = 0;
    const live = ins.live;
    // The innermost 20 registers decide the key. Deeper nesting shares states: matching stays
    // bounded, but which match is reported may then differ from JavaScript's.
    for (let i = Math.max(0, live.length - 20), bit = 1; i < live.length; i += 1, bit *= 2) {
      if (slots[this.registerBase + (live[i] as number)] === sp) mask += bit;
    }
    const key = pc + this.code.length * mask;
    if (this.liveStamps.get(key) === this.generation) return false;
    this.liveStamps.set(key, this.generation);
    return true;
  }

  private startSlots(start: number): Int32Array {
    const slots = new Int32Array(this.registerBase + this.compiled.registers).fill(-1);
    slots[0] = start;
    return slots;
  }

  /** Adds the threads reachable from `pc` at `sp` without consuming input, in priority order. */
  private follow(list: Thread[], startPc: number, sp: number, startSlots: Int32Array): void {
    const stack: Array<{ pc: number; slots: Int32Array }> = [{ pc: startPc, slots: startSlots }];
    while (stack.length > 0) {
      let { pc, slots } = stack.pop() as { pc: number; slots: Int32Array };
      for (;;) {
        const ins = this.code[pc] as Instruction;
        if (!this.claim(pc, ins, slots, sp)) break;
        this.budget.spend();
        if (ins.op === Op.Check && slots[this.registerBase + ins.a] === sp) break; // an empty iteration
        if (ins.op === Op.Char || ins.op === Op.Match) {
          list.push({ pc, slots });
          break;
        }
        if (ins.op === Op.Split) {
          stack.push({ pc: ins.b, slots });
          pc = ins.a;
        } else if (ins.op === Op.Jmp) {
          pc = ins.a;
        } else if (ins.op === Op.Save) {
          slots = Int32Array.from(slots);
          slots[ins.a] = sp;
          pc += 1;
        } else if (ins.op === Op.ClearCaptures) {
          slots = Int32Array.from(slots);
          slots.fill(-1, 2 * ins.a, 2 * ins.b + 2);
          pc += 1;
        } else if (ins.op === Op.Assert) {
          if (!assertionHolds(ins.kind as AssertKind, this.input, sp)) break;
          pc += 1;
        } else if (ins.op === Op.Look) {
          this.looks ??= new StateSearch(this.compiled, this.input, this.budget);
          if (this.looks.look(ins.a, sp) === (ins.b === 1)) break;
          pc += 1;
        } else if (ins.op === Op.Mark) {
          slots = Int32Array.from(slots);
          slots[this.registerBase + ins.a] = sp;
          pc += 1;
        } else {
          pc += 1; // Check (passed above)
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Public entry points.

/** A pattern compiled twice, lazily: for `test` (no captures), and for `exec` (captures, priorities). */
interface CompiledEntry {
  parsed: ParsedPattern;
  test: CompiledPattern;
  exec?: CompiledPattern;
  /** Captures inside a lookaround: only the backtracker reports them as JavaScript does. */
  lookCaptures: boolean;
}

const cache = new Map<string, CompiledEntry>();
const CACHE_SIZE = 128;

/**
 * Compiles an agent-supplied pattern. Throws a SyntaxError for an invalid pattern (as `new RegExp`
 * would) and a {@link RegexLimitError} for one that is too long, too complex or unsupported.
 */
export function compileSafeRegex(pattern: string, limits: RegexLimits = DEFAULT_REGEX_LIMITS): SafeRegex {
  if (pattern.length > limits.maxPatternLength) {
    throw new RegexLimitError(`Pattern is too long (${pattern.length} > ${limits.maxPatternLength} characters).`);
  }
  const entry = compileEntry(pattern);
  const checkInput = (input: string): void => {
    if (input.length > limits.maxInputLength) {
      throw new RegexLimitError(`Value is too long for a pattern check (${input.length} > ${limits.maxInputLength} characters).`);
    }
  };
  const matcher = (input: string, budget: RegexBudget): { exec(from: number): Int32Array | null } => {
    const compiled = execProgram(entry);
    return compiled.backtracking || entry.lookCaptures
      ? new Backtracker(compiled, input, budget)
      : new PikeVM(compiled, input, budget);
  };
  return {
    pattern,
    test(input: string, budget = new RegexBudget(limits.maxSteps)): boolean {
      checkInput(input);
      const compiled = entry.test;
      const search = compiled.backtracking ? new Backtracker(compiled, input, budget) : new StateSearch(compiled, input, budget);
      return search.test();
    },
    exec(input: string, from = 0, budget = new RegexBudget(limits.maxSteps)): SafeRegexMatch | null {
      checkInput(input);
      const start = Number.isInteger(from) && from > 0 ? from : 0;
      const slots = matcher(input, budget).exec(start);
      return slots === null ? null : matchOf(input, slots, entry.parsed.groupCount);
    },
    replace(input: string, replacement: string, budget = new RegexBudget(limits.maxSteps)): string {
      checkInput(input);
      const search = matcher(input, budget);
      const parts: string[] = [];
      let copied = 0;
      let from = 0;
      while (from <= input.length) {
        const slots = search.exec(from);
        if (slots === null) break;
        const [index, end] = [slots[0] as number, slots[1] as number];
        parts.push(input.slice(copied, index), replacement);
        copied = end;
        // As String#replace with a global pattern: an empty match moves on by one code unit.
        from = end === index ? end + 1 : end;
      }
      parts.push(input.slice(copied));
      return parts.join('');
    },
  };
}

function matchOf(input: string, slots: Int32Array, groupCount: number): SafeRegexMatch {
  const index = slots[0] as number;
  const end = slots[1] as number;
  const captures: (string | undefined)[] = [];
  for (let group = 1; group <= groupCount; group += 1) {
    const from = slots[2 * group] as number;
    const to = slots[2 * group + 1] as number;
    captures.push(from < 0 || to < 0 ? undefined : input.slice(from, to));
  }
  return { index, end, match: input.slice(index, end), captures };
}

function compileEntry(pattern: string): CompiledEntry {
  const cached = cache.get(pattern);
  if (cached !== undefined) {
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  new RegExp(pattern); // the native parser is the authority on syntax: throws SyntaxError
  const parsed = new PatternParser(pattern).parse();
  // With backreferences the backtracker runs both test and exec: one program serves both.
  const test = compileProgram(parsed, { captures: parsed.hasBackrefs, emptyChecks: parsed.hasBackrefs }, parsed.hasBackrefs);
  const entry: CompiledEntry = { parsed, test, lookCaptures: capturesInLookaround(parsed.node) };
  if (parsed.hasBackrefs) entry.exec = test;
  cache.set(pattern, entry);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return entry;
}

function execProgram(entry: CompiledEntry): CompiledPattern {
  entry.exec ??= compileProgram(entry.parsed, { captures: true, emptyChecks: true }, entry.lookCaptures);
  return entry.exec;
}

function compileProgram(parsed: ParsedPattern, options: CompilerOptions, backtracking: boolean): CompiledPattern {
  const compiler = new Compiler(options);
  compiler.program(parsed.node, 1);
  return {
    programs: compiler.programs,
    sets: compiler.sets,
    groupCount: parsed.groupCount,
    registers: compiler.registers,
    backtracking,
  };
}
