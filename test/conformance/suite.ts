/**
 * Loader and reporter for the official A2UI conformance suites, read from the vendored copy in
 * test/fixtures/a2ui/conformance at test time. Cases we do not pass are declared as known differences with a reason: they run as
 * `test.failing`, so the reason shows in the output and a case that starts passing is flagged.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

/** The vendored A2UI data (scripts/vendor-fixtures.ts), laid out as upstream. */
export const FIXTURES = resolve(__dirname, '../fixtures/a2ui');
export const CONFORMANCE = join(FIXTURES, 'conformance');

export type ConformanceCase = { name: string; action?: string; [key: string]: unknown };

export function loadSuite(relativePath: string): ConformanceCase[] {
  const cases = parse(readFileSync(join(CONFORMANCE, relativePath), 'utf8')) as ConformanceCase[];
  return Object.freeze(cases) as ConformanceCase[];
}

export function readFixtureJson(relativePath: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES, relativePath), 'utf8'));
}

/** Maps a path named in a case (upstream repository layout) onto the fixtures. */
export function fixturePathOfCasePath(casePath: string): string | null {
  if (casePath.startsWith('conformance/test_data/')) return casePath;
  if (casePath.startsWith('test_data/')) return `conformance/${casePath}`;
  return null;
}

/**
 * Runs every case of a suite. `run` performs a case and throws (via expect) on mismatch.
 * `known` maps case names to the reason we differ; `outOfScope` to why a case does not apply.
 * Prints `suite: N passed, K known differences, M out of scope` after the suite.
 * With CONFORMANCE_RUN_KNOWN=1 in the environment, known differences run as ordinary tests, to
 * see how each one fails.
 */
export function runSuite(
  suite: string,
  cases: ConformanceCase[],
  run: (c: ConformanceCase) => void | Promise<void>,
  options: { known?: Record<string, string>; outOfScope?: Record<string, string> } = {},
): void {
  const known = options.known ?? {};
  const outOfScope = options.outOfScope ?? {};
  const names = new Set(cases.map((c) => c.name));
  const tally = { passed: 0, known: 0, outOfScope: 0 };
  describe(`conformance ${suite}`, () => {
    test('every listed difference names a case of the suite', () => {
      const stale = [...Object.keys(known), ...Object.keys(outOfScope)].filter((n) => !names.has(n));
      expect(stale).toEqual([]);
    });
    for (const c of cases) {
      if (c.name in outOfScope) {
        tally.outOfScope += 1;
        test.skip(`${c.name} [out of scope: ${outOfScope[c.name]}]`, () => undefined);
      } else if (c.name in known && !process.env.CONFORMANCE_RUN_KNOWN) {
        tally.known += 1;
        test.failing(`${c.name} [known difference: ${known[c.name]}]`, async () => {
          await run(c);
        });
      } else {
        test(c.name, async () => {
          await run(c);
          tally.passed += 1;
        });
      }
    }
    afterAll(() => {
      process.stdout.write(
        `conformance ${suite}: ${tally.passed} passed, ${tally.known} known differences, ${tally.outOfScope} out of scope (of ${cases.length})\n`,
      );
    });
  });
}
