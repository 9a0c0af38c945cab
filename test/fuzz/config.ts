/**
 * How hard the property-based tests push. `npm test` runs a small, seeded pass (FUZZ_RUNS unset:
 * 200 base runs, a fixed seed, so failures reproduce); `npm run fuzz` sets FUZZ_RUNS high and lets
 * fast-check pick the seed (set FUZZ_SEED to replay a reported failure).
 */
import fc from 'fast-check';

const envRuns = Number(process.env.FUZZ_RUNS);
const envSeed = Number(process.env.FUZZ_SEED);

/** True under `npm run fuzz`. */
export const HEAVY = Number.isFinite(envRuns) && envRuns > 0;

/** How many runs the properties of this file have executed (see report). */
export const counter = { runs: 0 };

/** Base number of runs a property with weight 1 gets. */
export const BASE_RUNS = HEAVY ? envRuns : 200;

/** The fixed seed of the in-`npm test` pass; heavy runs draw a fresh one unless FUZZ_SEED is set. */
export const SEED: number | undefined = Number.isFinite(envSeed) ? envSeed : HEAVY ? undefined : 20_260_601;

/** Per-test timeout: generous under `npm run fuzz`, tight enough in `npm test` to catch slowness. */
export const TEST_TIMEOUT_MS = HEAVY ? 3_600_000 : 30_000;

/** Runs of one property, scaled by `weight` (heavier properties take a fraction of the base). */
export function runs(weight = 1): number {
  return Math.max(5, Math.round(BASE_RUNS * weight));
}

/** fast-check parameters for one property. */
export function params<T>(weight = 1, extra: fc.Parameters<T> = {}): fc.Parameters<T> {
  const base: fc.Parameters<T> = { numRuns: runs(weight), reporter: report, ...extra };
  if (SEED !== undefined) base.seed = SEED;
  return base;
}

const MAX_SHOWN = Number(process.env.FUZZ_SHOW ?? 4_000);

/** Counts the runs and, on failure, throws with the seed, the cause and a bounded counterexample. */
function report<T>(details: fc.RunDetails<T>): void {
  counter.runs += details.numRuns;
  if (!details.failed) return;
  let shown: string;
  try {
    shown = fc.stringify(details.counterexample);
  } catch {
    shown = String(details.counterexample);
  }
  if (shown.length > MAX_SHOWN) shown = `${shown.slice(0, MAX_SHOWN)}… (${shown.length} characters; FUZZ_SHOW=n shows more)`;
  const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `Property failed after ${details.numRuns} runs (seed ${details.seed}, path "${details.counterexamplePath}"; replay with FUZZ_SEED=${details.seed}).\n` +
      `Cause: ${cause}\nCounterexample (after ${details.numShrinks} shrinks): ${shown}`,
  );
}

/** One line for the `npm run fuzz` log: how many runs a file executed (heavy mode only). */
export function logRuns(file: string): void {
  if (HEAVY) process.stdout.write(`[fuzz] ${file}: ${counter.runs} runs${SEED === undefined ? '' : ` (seed ${SEED})`}\n`);
}
