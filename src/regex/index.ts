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
import { CompiledPattern, Compiler, CompilerOptions, capturesInLookaround } from './compiler';
import { Backtracker, PikeVM, StateSearch } from './matchers';
import { ParsedPattern, PatternParser } from './parser';
import { DEFAULT_REGEX_LIMITS, RegexBudget, RegexLimitError, RegexLimits, SafeRegex, SafeRegexMatch } from './types';

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

export { DEFAULT_REGEX_LIMITS, RegexBudget, RegexLimitError, RegexSyntaxError } from './types';
export type { RegexLimits, SafeRegex, SafeRegexMatch } from './types';
