/**
 * core/expressions.yaml (action parse_expression_template): the formatString template parser.
 * The suite compares parts "with adjacent literals joined", so both sides are normalized that way.
 * Error categories per CATEGORY_CODES (mapping.ts): the suite's ParseError is our `{ ok: false }`
 * with code EXPRESSION_ERROR; its message is matched as a substring of ours.
 */
import { parseTemplate, type TemplatePart } from '../../src/expressions';
import { codesOfCategory } from './mapping';
import { loadSuite, runSuite, type ConformanceCase } from './suite';

const cases = loadSuite('core/expressions.yaml');

/** Joins adjacent string parts, as the suite's header asks harnesses to. */
function joinLiterals(parts: readonly unknown[]): unknown[] {
  const joined: unknown[] = [];
  for (const part of parts) {
    const last = joined.length - 1;
    if (typeof part === 'string' && last >= 0 && typeof joined[last] === 'string') joined[last] = `${joined[last] as string}${part}`;
    else joined.push(part);
  }
  return joined;
}

function run(c: ConformanceCase): void {
  expect(c.action).toBe('parse_expression_template');
  const result = parseTemplate(c.input as string);
  const expectedError = c.expect_error as { category: string; message?: string } | undefined;
  if (expectedError !== undefined) {
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(codesOfCategory(expectedError.category)).toContain(result.error.code);
    if (expectedError.message !== undefined) expect(result.error.message).toContain(expectedError.message);
    return;
  }
  expect(result.ok).toBe(true);
  if (result.ok) expect(joinLiterals(result.parts as TemplatePart[])).toEqual(joinLiterals(c.expect as unknown[]));
}

runSuite('expressions', cases, run);
