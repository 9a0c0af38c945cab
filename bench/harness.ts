/**
 * Timing and heap helpers for the benchmarks: interleaved warm-up and measured rounds, medians,
 * and a forced full GC when the process runs with `--expose-gc`.
 */
import { performance } from 'node:perf_hooks';

export type SideName = 'ours' | 'ours-redux' | 'theirs';

/**
 * One side of a case. `prepare` does the untimed work for one sample (fresh inputs, restoring
 * state) and returns the closure that is timed; the closure must leave its result observable
 * (and throws when it is not what was expected).
 */
export interface Variant {
  side: SideName;
  label: string;
  prepare(): () => void;
}

export interface CaseOptions {
  /** Untimed rounds first (every variant once per round). */
  warmup: number;
  /** Measured rounds: at least `minRuns`, at most `maxRuns`, stopping once `budgetMs` is spent. */
  minRuns: number;
  maxRuns: number;
  budgetMs: number;
  /** Force a full GC before every sample (for samples that allocate a lot). */
  gcEachSample: boolean;
  /**
   * Samples per variant per round, run back to back, with a full GC between blocks: one side's
   * garbage is collected before the next side is timed, so it does not land in its samples.
   */
  block: number;
}

export interface Sample {
  side: SideName;
  label: string;
  runs: number;
  medianMs: number;
  p25Ms: number;
  p75Ms: number;
  minMs: number;
}

const gcFn = (globalThis as { gc?: () => void }).gc;

export function hasGc(): boolean {
  return typeof gcFn === 'function';
}

export function fullGc(): void {
  if (gcFn) {
    gcFn();
    gcFn();
  }
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/**
 * Lets the event loop turn (a macrotask), so pending promise continuations run: web_core's
 * EventEmitter.emit is async, and a benchmark that never yields would keep every emitted
 * surface alive in the microtask queue (as no real app does), slowing GC for everyone.
 */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function median(values: readonly number[]): number {
  return quantile([...values].sort((x, y) => x - y), 0.5);
}

/**
 * Runs every variant of a case in interleaved rounds (a block of ours, of ours-redux, of theirs,
 * then again), so a drift in machine speed hits all sides alike; returns each side's summary.
 */
export async function runCase(variants: readonly Variant[], options: CaseOptions): Promise<Sample[]> {
  const times: number[][] = variants.map(() => []);
  const sampleOnce = async (index: number): Promise<number> => {
    const variant = variants[index] as Variant;
    await yieldToLoop();
    const timed = variant.prepare();
    if (options.gcEachSample) fullGc();
    const t0 = performance.now();
    timed();
    return performance.now() - t0;
  };
  const block = Math.max(1, options.block);
  for (let round = 0; round < options.warmup; round += 1) {
    for (let i = 0; i < variants.length; i += 1) for (let b = 0; b < block; b += 1) await sampleOnce(i);
  }
  const started = performance.now();
  for (let round = 0; round * block < options.maxRuns; round += 1) {
    for (let i = 0; i < variants.length; i += 1) {
      if (block > 1) fullGc();
      for (let b = 0; b < block; b += 1) (times[i] as number[]).push(await sampleOnce(i));
    }
    if ((round + 1) * block >= options.minRuns && performance.now() - started > options.budgetMs) break;
  }
  return variants.map((variant, i) => {
    const sorted = [...(times[i] as number[])].sort((x, y) => x - y);
    return {
      side: variant.side,
      label: variant.label,
      runs: sorted.length,
      medianMs: quantile(sorted, 0.5),
      p25Ms: quantile(sorted, 0.25),
      p75Ms: quantile(sorted, 0.75),
      minMs: sorted[0] ?? Number.NaN,
    };
  });
}

/**
 * Retained heap of what `build` returns: full GC, heapUsed, build (inputs are made inside and
 * dropped), full GC, heapUsed again while the result is still referenced. Bytes per `unit`.
 */
export async function retainedBytes(build: () => unknown, units: number, repeats: number): Promise<{ perUnit: number; samples: number[] }> {
  const samples: number[] = [];
  for (let r = 0; r < repeats; r += 1) {
    await yieldToLoop();
    fullGc();
    const before = process.memoryUsage().heapUsed;
    let kept: unknown = build();
    await yieldToLoop();
    fullGc();
    const after = process.memoryUsage().heapUsed;
    samples.push((after - before) / units);
    // Keep `kept` alive until after the measurement, then release it.
    if (kept === undefined) throw new Error('retainedBytes: build returned nothing');
    kept = undefined;
  }
  return { perUnit: median(samples), samples };
}
