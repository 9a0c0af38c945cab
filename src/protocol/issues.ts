/**
 * Turns zod issues into one plain, actionable explanation: the most helpful issue, its path
 * (relative to the validated value) and a sentence such as `surfaceId must be a string, got number`.
 *
 * Union failures are the hard part: zod reports every branch. We pick the branch that got
 * furthest into the value (an issue deep inside a branch beats a type mismatch at its root; a
 * wrong literal or a missing key suggests the wrong branch) and explain that branch's issue.
 */
import type * as z from 'zod/mini';
import { describeType } from './json';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** One explained issue: where (relative to the validated value) and what. */
export interface IssueExplanation {
  path: PropertyKey[];
  message: string;
  /** How many other top-level issues were found besides this one. */
  others: number;
}

function valueAt(base: unknown, path: Path): { found: boolean; value: unknown } {
  let value = base;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || typeof key === 'symbol') return { found: false, value: undefined };
    if (!Object.prototype.hasOwnProperty.call(value, key)) return { found: false, value: undefined };
    value = (value as Record<string, unknown>)[key as string];
  }
  return { found: true, value };
}

/** A required key is absent (zod reports a type or union failure on `undefined`). */
function isMissingKey(issue: Issue, base: unknown): boolean {
  const typeLike = issue.code === 'invalid_type' || issue.code === 'invalid_union';
  return typeLike && issue.path.length > 0 && !valueAt(base, issue.path).found;
}

function describeMissing(issue: Issue): string {
  const key = JSON.stringify(String(issue.path.at(-1)));
  let expected: string[] = [];
  if (issue.code === 'invalid_type' && issue.expected !== 'nonoptional') expected = [expectedName(issue.expected)];
  if (issue.code === 'invalid_union') expected = rootTypeExpectations(issue.errors, undefined) ?? [];
  return `missing required key ${key}${expected.length > 0 ? ` (${orList(expected)})` : ''}`;
}

function isDiscriminatorMiss(issue: Issue): boolean {
  if (issue.code === 'invalid_value') return true;
  if (issue.code === 'invalid_type' && issue.expected === 'never') return true;
  return issue.code === 'custom' && issue.params?.['discriminator'] === true;
}

/** How far into the value an issue shows the branch got; higher is a better match. */
function progress(issue: Issue, base: unknown): number {
  const depth = issue.path.length;
  if (isMissingKey(issue, base) || isDiscriminatorMiss(issue)) return depth - 1;
  switch (issue.code) {
    case 'invalid_type':
      return depth - 0.5;
    case 'unrecognized_keys':
      return depth;
    case 'invalid_union': {
      const here = valueAt(base, issue.path).value;
      const best = rankBranches(issue.errors, here)[0];
      return depth + (best ? best.score : 0);
    }
    default:
      return depth + 1;
  }
}

function issueWeight(issue: Issue): number {
  return issue.code === 'unrecognized_keys' ? issue.keys.length : 1;
}

interface RankedBranch {
  index: number;
  /** The branch failed on a literal of the value or of a direct key: most likely the wrong one. */
  miss: boolean;
  score: number;
  count: number;
}

/** Branches best first: no discriminator miss, highest progress, fewest issues, declaration order. */
function rankBranches(branches: readonly (readonly Issue[])[], base: unknown): RankedBranch[] {
  const ranked = branches.map((issues, index) => ({
    index,
    miss: issues.some((issue) => isDiscriminatorMiss(issue) && issue.path.length <= 1),
    score: Math.max(...issues.map((issue) => progress(issue, base))),
    count: issues.reduce((sum, issue) => sum + issueWeight(issue), 0),
  }));
  return ranked.sort(
    (a, b) => Number(a.miss) - Number(b.miss) || b.score - a.score || a.count - b.count || a.index - b.index,
  );
}

function bestIssue(issues: readonly Issue[], base: unknown): Issue | undefined {
  let best: Issue | undefined;
  let bestScore = -Infinity;
  for (const issue of issues) {
    const score = progress(issue, base);
    if (score > bestScore) {
      best = issue;
      bestScore = score;
    }
  }
  return best;
}

function quote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describeType(value);
}

function orList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** A wrong type, naming the property when there is one: "surfaceId must be a string, got number". */
function typeMismatch(key: PropertyKey | undefined, expected: string, value: unknown): string {
  const got = describeType(value);
  if (typeof key !== 'string') return `expected ${expected}, got ${got}`;
  const article = /^[aeiou]/.test(expected) ? 'an' : 'a';
  return `${key} must be ${article} ${expected}, got ${got}`;
}

function expectedName(expected: string): string {
  return expected === 'record' ? 'object' : expected;
}

/** When every branch failed on the type of the value itself, the expected types, else null. */
function rootTypeExpectations(branches: readonly (readonly Issue[])[], base: unknown): string[] | null {
  const names: string[] = [];
  for (const issues of branches) {
    const [only] = issues;
    if (issues.length !== 1 || !only || only.path.length !== 0) return null;
    if (only.code === 'invalid_type' && only.expected !== 'never') names.push(expectedName(only.expected));
    else if (only.code === 'invalid_union') {
      const nested = rootTypeExpectations(only.errors, base);
      if (!nested) return null;
      names.push(...nested);
    } else return null;
  }
  return [...new Set(names)];
}

/** Tied best branches that each only miss, or each only forbid, one key of the same object. */
function keyChoice(branches: readonly (readonly Issue[])[], base: unknown): { path: PropertyKey[]; message: string } | null {
  let kind: 'missing' | 'forbidden' | undefined;
  let parent: Path | undefined;
  const keys: string[] = [];
  for (const issues of branches) {
    const [only] = issues;
    if (issues.length !== 1 || !only) return null;
    let found: { kind: 'missing' | 'forbidden'; parent: Path; key: string } | null = null;
    if (isMissingKey(only, base)) found = { kind: 'missing', parent: only.path.slice(0, -1), key: String(only.path.at(-1)) };
    else if (only.code === 'unrecognized_keys' && only.keys.length === 1)
      found = { kind: 'forbidden', parent: only.path, key: String(only.keys[0]) };
    else if (only.code === 'invalid_type' && only.expected === 'never')
      found = { kind: 'forbidden', parent: only.path.slice(0, -1), key: String(only.path.at(-1)) };
    if (!found) return null;
    if (kind !== undefined && (kind !== found.kind || JSON.stringify(parent) !== JSON.stringify(found.parent))) return null;
    kind = found.kind;
    parent = found.parent;
    keys.push(found.key);
  }
  const names = [...new Set(keys)].map((key) => JSON.stringify(key));
  if (!kind || !parent || names.length < 2) return null;
  const message =
    kind === 'missing'
      ? `missing a required key: needs one of ${orList(names)}`
      : `${orList(names).replace(/ or /, ' and ')} cannot be used together; keep exactly one`;
  return { path: [...parent], message };
}

function describeUnion(issue: Extract<Issue, { code: 'invalid_union' }>, base: unknown): { path: PropertyKey[]; message: string } {
  const here = valueAt(base, issue.path).value;
  const at = (path: Path) => [...issue.path, ...path];
  if (issue.errors.length === 0) return { path: at([]), message: 'matches more than one of the allowed forms' };
  const types = rootTypeExpectations(issue.errors, here);
  if (types) return { path: at([]), message: `expected ${orList(types)}, got ${describeType(here)}` };
  const ranked = rankBranches(issue.errors, here);
  const first = ranked[0] as RankedBranch;
  const tied = ranked.filter((b) => b.miss === first.miss && b.score === first.score && b.count === first.count);
  if (tied.length > 1) {
    const choice = keyChoice(
      tied.map((b) => issue.errors[b.index] ?? []),
      here,
    );
    if (choice) return { path: at(choice.path), message: choice.message };
  }
  const branch = issue.errors[first.index] ?? [];
  const inner = bestIssue(branch, here);
  if (!inner) return { path: at([]), message: 'does not match any allowed form' };
  const described = describeIssue(inner, here);
  return { path: at(described.path), message: described.message };
}

function describeSize(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>, value: unknown): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  if (issue.origin === 'array' || issue.origin === 'string') {
    const unit = issue.origin === 'array' ? 'item' : 'character';
    const length = (value as { length?: number } | undefined)?.length ?? 0;
    const plural = limit === 1 ? unit : `${unit}s`;
    return `expected ${small ? 'at least' : 'at most'} ${limit} ${plural}, got ${length}`;
  }
  const op = small ? (issue.inclusive ? '>=' : '>') : issue.inclusive ? '<=' : '<';
  return `expected a number ${op} ${limit}, got ${quote(value)}`;
}

function describeFormat(issue: Extract<Issue, { code: 'invalid_format' }>, value: unknown): string {
  if (issue.format === 'regex') return `${quote(value)} does not match the pattern ${issue.pattern ?? ''}`.trim();
  if (issue.format === 'datetime') return `expected an RFC 3339 date-time with time zone (like "2025-01-31T12:00:00Z"), got ${quote(value)}`;
  return `expected ${issue.format} format, got ${quote(value)}`;
}

function describeInvalidKey(issue: Extract<Issue, { code: 'invalid_key' }>): string {
  const key = String(issue.path.at(-1));
  const inner = issue.issues[0];
  const why = inner?.code === 'invalid_format' && inner.format === 'regex' ? inner.message : inner?.message ?? 'not allowed';
  return `key ${JSON.stringify(key)} is not allowed: ${why}`;
}

/** Explains one issue; the returned path is relative to `base`. */
function describeIssue(issue: Issue, base: unknown): { path: PropertyKey[]; message: string } {
  const { found, value } = valueAt(base, issue.path);
  const path = [...issue.path];
  if (!found && isMissingKey(issue, base)) return { path, message: describeMissing(issue) };
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'never') return { path, message: `key ${JSON.stringify(String(path.at(-1)))} is not allowed here` };
      return { path, message: typeMismatch(path.at(-1), expectedName(issue.expected), value) };
    case 'unrecognized_keys': {
      const names = issue.keys.map((key) => JSON.stringify(key));
      const message =
        names.length === 1
          ? `unknown key ${names[0]} is not allowed here`
          : `unknown keys ${names.join(', ')} are not allowed here`;
      return { path: [...path, issue.keys[0] ?? ''], message };
    }
    case 'invalid_value': {
      const options = issue.values.map((v) => JSON.stringify(v));
      const expected = options.length > 2 ? `one of ${options.join(', ')}` : orList(options);
      return { path, message: `expected ${expected}, got ${quote(value)}` };
    }
    case 'invalid_union':
      return describeUnion(issue, base);
    case 'too_small':
    case 'too_big':
      return { path, message: describeSize(issue, value) };
    case 'invalid_format':
      return { path, message: describeFormat(issue, value) };
    case 'invalid_key':
      return { path, message: describeInvalidKey(issue) };
    default:
      return { path, message: issue.message };
  }
}

/** Picks and explains the most helpful of a failed parse's issues. */
export function explainIssues(issues: readonly Issue[], input: unknown): IssueExplanation {
  const issue = bestIssue(issues, input);
  if (!issue) return { path: [], message: 'does not match the schema', others: 0 };
  const described = describeIssue(issue, input);
  return { ...described, others: issues.length - 1 };
}
