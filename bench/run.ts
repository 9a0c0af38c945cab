/**
 * `npm run bench`: a2ui-redux against @a2ui/web_core (the official TypeScript core, v0.9) in one
 * process, on the same inputs. Prints a table and writes bench/results.json. See BENCHMARKS.md.
 *
 *   node --expose-gc --import tsx bench/run.ts [--quick] [--only=<case-id-prefix>]
 */
import { execSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { hasGc, retainedBytes, runCase, yieldToLoop, type CaseOptions, type Sample, type SideName, type Variant } from './harness';
import {
  conversations,
  dataUpdate,
  LIST_SURFACE_ID,
  listSurfaceV10,
  loadExamples,
  rowsOf,
  toV09,
  type Conversation,
  type Example,
} from './inputs';
import { Ours, OursRedux, Theirs, type OurSide } from './sides';
import { runHostileCorpus } from './hostile';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const VERBOSE = args.includes('--verbose');
const ONLY = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const HERE = dirname(fileURLToPath(import.meta.url));

// ------------------------------------------------------------------------------- result model

interface Target {
  description: string;
  /** The measured value the target is about (a ratio). */
  value: number;
  limit: number;
  met: boolean;
}

interface CaseResult {
  id: string;
  group: 'ingest' | 'update' | 'list' | 'heap';
  title: string;
  unit: 'ms' | 'bytes';
  /** Median per side (ms, or retained bytes per unit for heap cases). */
  ours: number;
  oursRedux: number | null;
  theirs: number;
  /** ours / theirs */
  ratio: number;
  /** ours-redux / theirs */
  reduxRatio: number | null;
  /** ours-redux / ours: what the Redux adapter adds. */
  adapterFactor: number | null;
  samples: Sample[] | Array<{ side: SideName; perUnit: number; samples: number[] }>;
  /** Wall time the case took, setup included (s). */
  elapsedSeconds?: number;
}

const results: CaseResult[] = [];
let caseStarted = performance.now();

function record(id: string, group: CaseResult['group'], title: string, samples: Sample[]): CaseResult {
  const of = (side: SideName) => samples.find((s) => s.side === side)?.medianMs;
  const ours = of('ours') as number;
  const theirs = of('theirs') as number;
  const redux = of('ours-redux');
  const result: CaseResult = {
    id,
    group,
    title,
    unit: 'ms',
    ours,
    oursRedux: redux ?? null,
    theirs,
    ratio: ours / theirs,
    reduxRatio: redux === undefined ? null : redux / theirs,
    adapterFactor: redux === undefined ? null : redux / ours,
    samples,
    elapsedSeconds: (performance.now() - caseStarted) / 1000,
  };
  results.push(result);
  printRow(result);
  caseStarted = performance.now();
  return result;
}

const wanted = (id: string) => ONLY === undefined || id.startsWith(ONLY);

// ----------------------------------------------------------------------------------- helpers

function fmtMs(ms: number | null): string {
  if (ms === null || Number.isNaN(ms)) return '—';
  if (ms >= 100) return `${ms.toFixed(0)} ms`;
  if (ms >= 1) return `${ms.toFixed(2)} ms`;
  return `${(ms * 1000).toFixed(1)} µs`;
}

function fmtBytes(bytes: number | null): string {
  if (bytes === null || Number.isNaN(bytes)) return '—';
  return bytes >= 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${bytes.toFixed(0)} B`;
}

function fmtRatio(r: number | null): string {
  if (r === null || Number.isNaN(r)) return '—';
  return r >= 0.1 ? r.toFixed(2) : r.toFixed(4);
}

function fmt(result: CaseResult, value: number | null): string {
  return result.unit === 'ms' ? fmtMs(value) : fmtBytes(value);
}

const COLS = [44, 12, 12, 12, 10, 10, 8];
function line(cells: string[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(COLS[i] as number) : c.padStart(COLS[i] as number))).join(' ');
}

function printHeader(): void {
  console.log(line(['case', 'ours', 'ours-redux', 'web_core', 'ours/wc', 'redux/wc', 'redux/ours']));
  console.log('-'.repeat(COLS.reduce((a, b) => a + b + 1, 0)));
}

function printRow(r: CaseResult): void {
  const cells = [r.title, fmt(r, r.ours), fmt(r, r.oursRedux), fmt(r, r.theirs), fmtRatio(r.ratio), fmtRatio(r.reduxRatio), fmtRatio(r.adapterFactor)];
  console.log(`${line(cells)}${VERBOSE ? `  [${(r.elapsedSeconds ?? 0).toFixed(1)} s]` : ''}`);
}

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(`observable check failed: ${message}`);
}

const budget = (ms: number) => (QUICK ? Math.min(ms, 300) : ms);
const opts = (o: Partial<CaseOptions> & Pick<CaseOptions, 'budgetMs'>): CaseOptions => ({
  warmup: QUICK ? 1 : (o.warmup ?? 3),
  minRuns: QUICK ? 3 : (o.minRuns ?? 5),
  maxRuns: o.maxRuns ?? 1000,
  budgetMs: budget(o.budgetMs),
  gcEachSample: o.gcEachSample ?? false,
  block: o.block ?? 1,
});

// ---------------------------------------------------------------------------- sanity checks

/** How many places a tree draws a node in: its nodes walked from the root, a shared one at each parent. */
function placements(tree: ReturnType<Ours['tree']>): number {
  let count = 0;
  const stack = tree.root === null ? [] : [tree.root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    count += 1;
    for (const ref of node.children) {
      const child = tree.nodes[ref];
      if (child !== undefined) stack.push(child);
    }
  }
  return count;
}

/** Both sides must build the same trees from the examples, or the comparison means nothing. */
function sanity(examples: Example[]): { surfaces: number; nodes: number } {
  const ours = new Ours();
  const theirs = new Theirs({ collectErrors: true });
  let nodes = 0;
  for (const example of examples) {
    ours.ingest(example.messages);
    theirs.ingest(toV09(example.messages));
    const tree = ours.tree(example.surfaceId);
    const errors = tree.diagnostics.filter((d) => d.severity === 'error');
    check(errors.length === 0, `${example.file}: ours reports ${errors.map((d) => d.code).join(', ')}`);
    // web_core counts a component placed under two parents twice; ours resolves it to one node
    // that both list, so compare placements (the tree walked from its root).
    const oursCount = placements(tree);
    const theirsCount = theirs.buildTree(example.surfaceId).activeNodeCount;
    check(oursCount === theirsCount, `${example.file}: ours places ${oursCount} nodes, web_core ${theirsCount}`);
    nodes += oursCount;
  }
  check(theirs.errors.length === 0, `web_core reported: ${theirs.errors.slice(0, 3).join('; ')}`);
  return { surfaces: examples.length, nodes };
}

// ------------------------------------------------------------------------------------ ingest

function ingestCase(convs: Conversation[], withTree: boolean, withRedux: boolean): Variant[] {
  const oursVariant = (side: 'ours' | 'ours-redux'): Variant => ({
    side,
    label: side,
    prepare() {
      const target: OurSide = side === 'ours' ? new Ours() : new OursRedux();
      const payloads = convs.map((c) => JSON.parse(c.oursJson) as unknown);
      return () => {
        for (let i = 0; i < convs.length; i += 1) {
          target.ingest(payloads[i]);
          // The saga acknowledges the outbox after each batch; so does the benchmark.
          if (target instanceof OursRedux) target.drain();
          if (withTree) check(target.tree((convs[i] as Conversation).surfaceId).root !== null, 'ours: root');
        }
      };
    },
  });
  // web_core builds no tree on ingest: "with trees" adds a NodeResolver per surface (a
  // ComponentContext, binder and data subscriptions per node), built once after the surface's messages.
  const theirs: Variant = {
    side: 'theirs',
    label: 'theirs',
    prepare() {
      const target = new Theirs();
      const payloads = convs.map((c) => JSON.parse(c.theirsJson) as unknown[]);
      return () => {
        for (let i = 0; i < convs.length; i += 1) {
          target.ingest(payloads[i] as unknown[]);
          if (withTree) {
            const surfaceId = (convs[i] as Conversation).surfaceId;
            target.buildTree(surfaceId);
            check(target.root(surfaceId) !== undefined, 'theirs: root');
          }
        }
      };
    },
  };
  return withRedux ? [oursVariant('ours'), oursVariant('ours-redux'), theirs] : [oursVariant('ours'), theirs];
}

// ---------------------------------------------------------------------------- list surfaces

interface ListSides {
  ours: Ours;
  redux: OursRedux;
  theirs: Theirs;
}

function listSides(count: number): ListSides {
  const v10 = listSurfaceV10(count);
  const ours = new Ours();
  ours.ingest(structuredClone(v10));
  ours.tree(LIST_SURFACE_ID);
  const redux = new OursRedux();
  redux.ingest(structuredClone(v10));
  redux.tree(LIST_SURFACE_ID);
  const theirs = new Theirs({ collectErrors: true });
  theirs.ingest(toV09(v10));
  theirs.buildTree(LIST_SURFACE_ID);
  // Every side shows every row.
  const last = count - 1;
  check(ours.node(LIST_SURFACE_ID, `row@/rows/${last}`).props.text === `row ${last}`, 'ours list');
  check(redux.node(LIST_SURFACE_ID, `row@/rows/${last}`).props.text === `row ${last}`, 'redux list');
  check(theirs.childCount(LIST_SURFACE_ID) === count, 'theirs list length');
  check(Theirs.bound(theirs.child(LIST_SURFACE_ID, last), 'text').value === `row ${last}`, 'theirs list');
  check(theirs.errors.length === 0, `web_core reported ${theirs.errors[0] ?? ''}`);
  return { ours, redux, theirs };
}

let counter = 0;

/** One leaf update (row `index`'s label), by an updateDataModel message or by a write through the binding. */
function leafUpdateCase(sides: ListSides, index: number, via: 'message' | 'write'): Variant[] {
  const ref = `row@/rows/${index}`;
  const path = `/rows/${index}/label`;
  const ourVariant = (side: 'ours' | 'ours-redux', target: OurSide): Variant => ({
    side,
    label: side,
    prepare() {
      if (target instanceof OursRedux) target.drain();
      const value = `changed ${(counter += 1)}`;
      const message = via === 'message' ? dataUpdate('v1.0', path, value) : null;
      return () => {
        if (message) target.ingest(message);
        else target.write(LIST_SURFACE_ID, ref, 'text', value);
        check(target.node(LIST_SURFACE_ID, ref).props.text === value, `${side}: new label visible`);
      };
    },
  });
  const theirs: Variant = {
    side: 'theirs',
    label: 'theirs',
    prepare() {
      const value = `changed ${(counter += 1)}`;
      const message = via === 'message' ? [dataUpdate('v0.9', path, value)] : null;
      const t = sides.theirs;
      return () => {
        if (message) t.ingest(message);
        else Theirs.write(t.child(LIST_SURFACE_ID, index), 'text', value);
        check(Theirs.bound(t.child(LIST_SURFACE_ID, index), 'text').value === value, 'theirs: new label visible');
      };
    },
  };
  return [ourVariant('ours', sides.ours), ourVariant('ours-redux', sides.redux), theirs];
}

/**
 * Appends one row to a list of `count` rows. The list is left to grow by at most 1% (then
 * restored to `count` rows, untimed), so a 10,000-row list is not rebuilt for every sample.
 */
function appendCase(sides: ListSides, count: number): Variant[] {
  const slack = Math.max(1, Math.floor(count / 100));
  const ourVariant = (side: 'ours' | 'ours-redux', target: OurSide): Variant => ({
    side,
    label: side,
    prepare() {
      let length = target.tree(LIST_SURFACE_ID).root?.children.length ?? 0;
      if (length >= count + slack) {
        target.ingest(dataUpdate('v1.0', '/rows', rowsOf(count, 'row')));
        length = count;
      }
      if (target instanceof OursRedux) target.drain();
      const ref = `row@/rows/${length}`;
      const value = `appended ${(counter += 1)}`;
      const message = dataUpdate('v1.0', `/rows/${length}`, { label: value });
      return () => {
        target.ingest(message);
        check(target.node(LIST_SURFACE_ID, ref).props.text === value, `${side}: appended row visible`);
      };
    },
  });
  const theirs: Variant = {
    side: 'theirs',
    label: 'theirs',
    prepare() {
      const t = sides.theirs;
      let length = t.childCount(LIST_SURFACE_ID);
      if (length >= count + slack) {
        t.ingest([dataUpdate('v0.9', '/rows', rowsOf(count, 'row'))]);
        length = count;
      }
      const value = `appended ${(counter += 1)}`;
      const message = [dataUpdate('v0.9', `/rows/${length}`, { label: value })];
      return () => {
        t.ingest(message);
        check(Theirs.bound(t.child(LIST_SURFACE_ID, length), 'text').value === value, 'theirs: appended row visible');
      };
    },
  };
  return [ourVariant('ours', sides.ours), ourVariant('ours-redux', sides.redux), theirs];
}

/** Replaces all `count` rows with new ones (new labels, new objects). */
function replaceAllCase(sides: ListSides, count: number, withRedux: boolean): Variant[] {
  const last = count - 1;
  const ourVariant = (side: 'ours' | 'ours-redux', target: OurSide): Variant => ({
    side,
    label: side,
    prepare() {
      if (target instanceof OursRedux) target.drain();
      const tag = `set${(counter += 1)}`;
      const message = dataUpdate('v1.0', '/rows', rowsOf(count, tag));
      return () => {
        target.ingest(message);
        check(target.node(LIST_SURFACE_ID, `row@/rows/${last}`).props.text === `${tag} ${last}`, `${side}: replaced rows visible`);
      };
    },
  });
  const theirs: Variant = {
    side: 'theirs',
    label: 'theirs',
    prepare() {
      const tag = `set${(counter += 1)}`;
      const message = [dataUpdate('v0.9', '/rows', rowsOf(count, tag))];
      const t = sides.theirs;
      return () => {
        t.ingest(message);
        check(Theirs.bound(t.child(LIST_SURFACE_ID, last), 'text').value === `${tag} ${last}`, 'theirs: replaced rows visible');
      };
    },
  };
  return withRedux ? [ourVariant('ours', sides.ours), ourVariant('ours-redux', sides.redux), theirs] : [ourVariant('ours', sides.ours), theirs];
}

// -------------------------------------------------------------------------------------- heap

async function heapCase(id: string, title: string, units: number, repeats: number, builders: Record<SideName, () => unknown>): Promise<void> {
  const measured: Array<{ side: SideName; perUnit: number; samples: number[] }> = [];
  for (const side of Object.keys(builders) as SideName[]) {
    const { perUnit, samples } = await retainedBytes(builders[side], units, repeats);
    measured.push({ side, perUnit, samples });
  }
  const of = (side: SideName) => measured.find((m) => m.side === side)?.perUnit as number;
  const result: CaseResult = {
    id,
    group: 'heap',
    title,
    unit: 'bytes',
    ours: of('ours'),
    oursRedux: of('ours-redux'),
    theirs: of('theirs'),
    ratio: of('ours') / of('theirs'),
    reduxRatio: of('ours-redux') / of('theirs'),
    adapterFactor: of('ours-redux') / of('ours'),
    samples: measured,
    elapsedSeconds: (performance.now() - caseStarted) / 1000,
  };
  results.push(result);
  printRow(result);
  caseStarted = performance.now();
}

// -------------------------------------------------------------------------------------- main

function machine(): Record<string, unknown> {
  let cpuModel = cpus()[0]?.model ?? 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    cpuModel = /model name\s*:\s*(.*)/.exec(info)?.[1]?.trim() ?? cpuModel;
  } catch {
    // not Linux
  }
  let webCoreVersion = 'unknown';
  try {
    webCoreVersion = (JSON.parse(readFileSync(join(HERE, '../node_modules/@a2ui/web_core/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // ignore
  }
  let commit = 'unknown';
  try {
    commit = execSync('git rev-parse --short HEAD', { cwd: HERE, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    // ignore
  }
  return {
    node: process.version,
    v8: process.versions.v8,
    cpu: cpuModel,
    cores: cpus().length,
    platform: `${process.platform} ${process.arch}`,
    webCore: webCoreVersion,
    commit,
  };
}

async function main(): Promise<void> {
  const started = performance.now();
  if (!hasGc()) console.warn('warning: run with --expose-gc (npm run bench does) for stable timings and heap numbers');
  const env = machine();
  console.log(`a2ui-redux vs @a2ui/web_core ${String(env.webCore)} | node ${String(env.node)} | ${String(env.cpu)} x${String(env.cores)}${QUICK ? ' | QUICK' : ''}`);

  const examples = loadExamples();
  const sane = sanity(examples);
  await yieldToLoop();
  console.log(`sanity: ${sane.surfaces} examples, ${sane.nodes} nodes, identical node counts on both sides\n`);
  printHeader();
  caseStarted = performance.now();

  // Ingest: N surfaces of example conversations, models only, then with the tree built.
  // N=1000 runs 3 samples without warm-up (N=100 warmed everything) and without the Redux
  // variant (the adapter's cost is shown at N=100), to keep the whole run near 3 minutes.
  for (const n of [100, 1000]) {
    const convs = conversations(examples, n);
    const big = n >= 1000;
    const o = big
      ? { warmup: 0, minRuns: 3, maxRuns: 3, budgetMs: 0, gcEachSample: true, block: 1 }
      : opts({ warmup: 3, minRuns: 5, maxRuns: 9, budgetMs: 3000, gcEachSample: true });
    if (wanted(`ingest.models.${n}`)) record(`ingest.models.${n}`, 'ingest', `ingest ${n} surfaces, models only`, await runCase(ingestCase(convs, false, !big), o));
    if (wanted(`ingest.tree.${n}`)) record(`ingest.tree.${n}`, 'ingest', `ingest ${n} surfaces, with trees`, await runCase(ingestCase(convs, true, !big), o));
  }

  // One leaf update on a surface with R bound rows; then append one / replace all.
  for (const rows of [10, 100, 1000, 10_000]) {
    const needed = [`update.message.${rows}`, `update.write.${rows}`, `list.append.${rows}`, `list.replace.${rows}`].some(wanted);
    if (!needed) continue;
    const setupStarted = performance.now();
    const sides = listSides(rows);
    await yieldToLoop();
    if (VERBOSE) console.log(`  (list surface of ${rows} rows set up on all sides in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s)`);
    const mid = Math.floor(rows / 2);
    const huge = rows >= 10_000;
    const small = opts({ warmup: 1, block: huge ? 10 : 25, minRuns: huge ? 20 : 50, maxRuns: 3000, budgetMs: huge ? 2000 : 1000 });
    if (wanted(`update.message.${rows}`)) {
      record(`update.message.${rows}`, 'update', `leaf update, ${rows} rows (updateDataModel)`, await runCase(leafUpdateCase(sides, mid, 'message'), small));
    }
    if (wanted(`update.write.${rows}`)) {
      record(`update.write.${rows}`, 'update', `leaf update, ${rows} rows (write)`, await runCase(leafUpdateCase(sides, mid, 'write'), small));
    }
    if (rows >= 100) {
      if (wanted(`list.append.${rows}`)) {
        const o = opts({ warmup: 1, block: huge ? 5 : 10, minRuns: huge ? 10 : 20, maxRuns: 400, budgetMs: huge ? 1500 : 1000 });
        record(`list.append.${rows}`, 'list', `list of ${rows}: append one`, await runCase(appendCase(sides, rows), o));
      }
      if (wanted(`list.replace.${rows}`)) {
        // At 10,000 rows: 5 samples, no Redux variant (its cost is shown at 100 and 1,000).
        const o = opts({ warmup: 1, block: huge ? 1 : 5, minRuns: huge ? 5 : 10, maxRuns: huge ? 5 : 200, budgetMs: huge ? 0 : 1000, gcEachSample: huge });
        record(`list.replace.${rows}`, 'list', `list of ${rows}: replace all`, await runCase(replaceAllCase(sides, rows, !huge), o));
      }
    }
  }

  // Retained heap: K example surfaces with their trees, per surface; one 10,000-row list, per row.
  const k = QUICK ? 100 : 200;
  const repeats = QUICK ? 1 : 2;
  if (wanted('heap.surface')) {
    const convs = conversations(examples, k);
    await heapCase('heap.surface', `heap per surface with tree (K=${k})`, k, repeats, {
      ours: () => {
        const o = new Ours();
        for (const c of convs) {
          o.ingest(JSON.parse(c.oursJson));
          o.tree(c.surfaceId);
        }
        return o;
      },
      'ours-redux': () => {
        const o = new OursRedux();
        for (const c of convs) {
          o.ingest(JSON.parse(c.oursJson));
          o.drain();
          o.tree(c.surfaceId);
        }
        return o;
      },
      theirs: () => {
        const t = new Theirs();
        for (const c of convs) {
          t.ingest(JSON.parse(c.theirsJson) as unknown[]);
          t.buildTree(c.surfaceId);
        }
        return t;
      },
    });
  }
  if (wanted('heap.row')) {
    const rows = 10_000;
    const v10 = JSON.stringify(listSurfaceV10(rows));
    const v09 = JSON.stringify(toV09(listSurfaceV10(rows)));
    await heapCase('heap.row', `heap per row, ${rows}-row list with tree`, rows, repeats, {
      ours: () => {
        const o = new Ours();
        o.ingest(JSON.parse(v10));
        o.tree(LIST_SURFACE_ID);
        return o;
      },
      'ours-redux': () => {
        const o = new OursRedux();
        o.ingest(JSON.parse(v10));
        o.drain();
        o.tree(LIST_SURFACE_ID);
        return o;
      },
      theirs: () => {
        const t = new Theirs();
        t.ingest(JSON.parse(v09) as unknown[]);
        t.buildTree(LIST_SURFACE_ID);
        return t;
      },
    });
  }

  // Targets (ours / web_core, medians).
  const find = (id: string) => results.find((r) => r.id === id);
  const targets: Target[] = [];
  const ratioTarget = (id: string, description: string, limit: number) => {
    const r = find(id);
    if (r) targets.push({ description, value: r.ratio, limit, met: r.ratio <= limit });
  };
  ratioTarget('ingest.tree.100', 'ingest 100 surfaces with trees: ours/web_core <= 1.0', 1.0);
  ratioTarget('ingest.tree.1000', 'ingest 1000 surfaces with trees: ours/web_core <= 1.0', 1.0);
  ratioTarget('update.message.10000', 'leaf update at 10,000 rows (updateDataModel): ours/web_core <= 0.02', 0.02);
  ratioTarget('update.write.10000', 'leaf update at 10,000 rows (write): ours/web_core <= 0.02', 0.02);
  for (const via of ['message', 'write'] as const) {
    const big = find(`update.${via}.10000`);
    const tiny = find(`update.${via}.10`);
    if (big && tiny) {
      const scale = big.ours / tiny.ours;
      targets.push({ description: `leaf update (${via === 'message' ? 'updateDataModel' : 'write'}): ours at 10,000 rows / ours at 10 rows <= 3`, value: scale, limit: 3, met: scale <= 3 });
    }
  }
  ratioTarget('heap.surface', 'retained heap per surface with tree: ours/web_core <= 0.5', 0.5);

  console.log('\nTargets');
  for (const t of targets) console.log(`  ${t.met ? 'MET   ' : 'MISSED'} ${t.description}  (measured ${fmtRatio(t.value)})`);

  const elapsed = (performance.now() - started) / 1000;
  console.log(`\ntotal ${elapsed.toFixed(1)} s`);
  if (!QUICK && ONLY === undefined) {
    const out = {
      generatedAt: new Date().toISOString(),
      command: 'npm run bench  (node --expose-gc --import tsx bench/run.ts)',
      machine: env,
      inputs: { examples: examples.length, examplesDir: 'spec/v1_0/catalogs/basic/examples', sanity: sane },
      notes: [
        'Times are medians of interleaved samples (ours, ours-redux, web_core in turn) after warm-up.',
        'ratio = ours / web_core; reduxRatio = ours-redux / web_core; adapterFactor = ours-redux / ours.',
        'Heap cases: retained bytes per unit (surface or row) after a forced full GC, median of repeats.',
      ],
      totalSeconds: elapsed,
      cases: results,
      targets,
    };
    writeFileSync(join(HERE, 'results.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log('wrote bench/results.json');
  }
  // The worst-case corpus (SECURITY.md): our session alone, on payloads built to be expensive.
  if (ONLY === undefined || ONLY.startsWith('hostile')) {
    console.log('');
    runHostileCorpus({ write: !QUICK && ONLY === undefined });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
