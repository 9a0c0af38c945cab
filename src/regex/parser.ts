/** Parsing a pattern (JavaScript syntax, no flags) into a syntax tree over UTF-16 code-unit sets. */
import { RegexLimitError, RegexSyntaxError } from './types';

const MAX_GROUP_DEPTH = 100;

// ---------------------------------------------------------------------------------------------
// Character sets: sorted, merged [lo, hi] pairs of UTF-16 code units, flattened.

export type Ranges = number[];

const MAX_UNIT = 0xffff;
const DIGIT: Ranges = [0x30, 0x39];
export const WORD: Ranges = [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a];
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

export function inRanges(ranges: Ranges, unit: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) {
    if (unit < (ranges[i] as number)) return false;
    if (unit <= (ranges[i + 1] as number)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Syntax tree.

export type AssertKind = 'bol' | 'eol' | 'word' | 'notWord';
export type Node =
  | { t: 'set'; ranges: Ranges }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'group'; body: Node; capture: number | null }
  | { t: 'repeat'; body: Node; min: number; max: number; lazy: boolean }
  | { t: 'assert'; kind: AssertKind }
  | { t: 'look'; body: Node; behind: boolean; negate: boolean }
  | { t: 'backref'; group: number };

export interface ParsedPattern {
  node: Node;
  groupCount: number;
  hasBackrefs: boolean;
}

/** A recursive-descent parser for JavaScript pattern syntax without flags (Annex B included). */
export class PatternParser {
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
