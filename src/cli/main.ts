/**
 * The `a2ui-redux` command line: `validate [file]` checks an agent stream message by message;
 * without a file it checks the bundled example conversations, one sound and one deliberately
 * broken, to show what the reports look like.
 */
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { basicCatalog } from '../catalog';
import { readStreamFile } from './readStream';
import { createStyle, wantsColour, type Style } from './style';
import { validateStream, type MessageReport } from './validate';
import { outlineTree } from './outline';
import { runDemo } from './demo';
import { replayStream, type ReplayReport } from './replay';
import { errorText } from '../util/errors';
import { catalogCommand, loadCatalogFiles } from './catalogCommand';
import { completenessProblems, type CompletenessProblem } from './complete';
import type { Catalog } from '../catalog/types';
import type { ValidateJson } from './report';

const USAGE = `usage: a2ui-redux <command> [options]

commands:
  validate [file]   check an agent stream (JSON Lines, or a JSON array / {"messages": [...]})
                    and print, per message, OK or the exact problem; without a file, check
                    the bundled example conversations
      --catalog <catalog.json>   check against this catalog (repeatable; the first is the
                    surfaces' default; the basic catalog stays available after them)
      --complete    at the end, check the stream is complete: every surface has a root,
                    no child reference dangles, no component is orphaned (exit 1 if not)
      --json        machine-readable output (shape: docs/cli-json.md)
  replay <file>     feed an agent stream through a store and print the final trees, every
                    diagnostic and every message the renderer would send
      --catalog <catalog.json>   as for validate
      --json        machine-readable output
      --step        print the trees after each message
      --strict      exit 1 on any failed message, error diagnostic or error sent to the agent
  catalog check <catalog.json>   every problem of a catalog document (exit 1 on any)
  catalog lint <catalog.json>    accessibility, unused $defs, uncallable functions, missing
                    descriptions (exit 1 on findings of severity error)
  catalog bundle <catalog.json>  print the catalog with the common types it uses bundled in
      --json        machine-readable output for check and lint
  demo              a scripted agent conversation through a real store (the default)
  help              show this text
`;

/**
 * Where the bundled examples live: `examples/` at the package root, found from the running script
 * (src/cli/main.ts or dist/cli.js, through a bin link) or else the working directory.
 */
function examplesDir(): string {
  const candidates: string[] = [];
  try {
    const script = process.argv[1] ? realpathSync(process.argv[1]) : '';
    if (script) candidates.push(resolve(dirname(script), '../../examples'), resolve(dirname(script), '../examples'));
  } catch {
    // no usable script path
  }
  candidates.push(resolve(process.cwd(), 'examples'));
  return candidates.find((dir) => existsSync(join(dir, 'travel-booking.jsonl'))) ?? (candidates[candidates.length - 1] as string);
}

function printReports(out: (line: string) => void, style: Style, title: string, reports: MessageReport[]): { failed: number; warned: number } {
  out(style.bold(title));
  let failed = 0;
  let warned = 0;
  for (const report of reports) {
    const tag = report.verdict === 'ok' ? style.ok('OK  ') : report.verdict === 'warn' ? style.warn('WARN') : style.bad('FAIL');
    out(`  ${String(report.line).padStart(3)}  ${tag}  ${report.summary}`);
    for (const problem of report.problems) out(`             ${style.dim('└')} ${problem}`);
    if (report.verdict === 'fail') failed += 1;
    if (report.verdict === 'warn') warned += 1;
  }
  out(`  ${reports.length - failed - warned} ok, ${warned} with warnings, ${failed} failed\n`);
  return { failed, warned };
}

async function validateFile(path: string, style: Style, out: (line: string) => void, catalogs: Catalog[] = [basicCatalog()]): Promise<{ failed: number } | { error: string }> {
  const read = await readStreamFile(path);
  if (!read.ok) return { error: read.message };
  const { reports } = validateStream(read.items, catalogs);
  const shown = relative(process.cwd(), path) || path;
  return printReports(out, style, `${shown} — ${read.items.length} payloads`, reports);
}

/** The session's catalogs: the `--catalog` files in order, then the basic catalog unless one replaces it. */
function withBasic(catalogs: Catalog[]): Catalog[] {
  const basic = basicCatalog();
  return catalogs.some((c) => c.catalogId === basic.catalogId) ? catalogs : [...catalogs, basic];
}

/** Splits `--catalog <file>` pairs (also `--catalog=<file>`) from the other arguments. */
export function catalogOptions(args: readonly string[]): { catalogs: string[]; rest: string[]; missing: boolean } {
  const catalogs: string[] = [];
  const rest: string[] = [];
  let missing = false;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--catalog') {
      const value = args[i + 1];
      if (value === undefined || value.startsWith('-')) missing = true;
      else catalogs.push(value);
      i += 1;
    } else if (arg.startsWith('--catalog=')) catalogs.push(arg.slice('--catalog='.length));
    else rest.push(arg);
  }
  return { catalogs, rest, missing };
}

async function validateCommand(args: string[], style: Style, io: { out: (l: string) => void; err: (l: string) => void }): Promise<number> {
  const { catalogs: catalogFiles, rest, missing } = catalogOptions(args);
  const json = rest.includes('--json');
  const complete = rest.includes('--complete');
  const unknown = rest.filter((a) => a.startsWith('-') && !['--json', '--complete'].includes(a));
  const file = rest.find((a) => !a.startsWith('-'));
  if (missing || unknown.length > 0 || (file === undefined && (json || complete || catalogFiles.length > 0))) {
    io.err(`a2ui-redux: ${missing ? '--catalog needs a file' : unknown.length > 0 ? `unknown option ${unknown.join(', ')}` : 'these options need a stream file'}\n\n${USAGE}`);
    return 2;
  }
  if (file === undefined) return validateExamples(style, io);
  const loaded = await loadCatalogFiles(catalogFiles.map((f) => resolve(f)));
  const fail = (message: string): number => {
    if (json) io.out(JSON.stringify({ error: message }));
    io.err(`a2ui-redux: ${message}`);
    return 2;
  };
  if (!loaded.ok) return fail(loaded.message);
  const catalogs = withBasic(loaded.catalogs);
  const read = await readStreamFile(resolve(file));
  if (!read.ok) return fail(read.message);
  const { reports, session } = validateStream(read.items, catalogs);
  const incomplete: CompletenessProblem[] = complete ? completenessProblems(session) : [];
  const failed = reports.filter((r) => r.verdict === 'fail').length;
  const warned = reports.filter((r) => r.verdict === 'warn').length;
  if (json) {
    const output: ValidateJson = {
      file,
      catalogs: catalogs.map((c) => c.catalogId),
      messages: reports,
      ...(complete ? { complete: incomplete } : {}),
      summary: { ok: reports.length - failed - warned, warned, failed, incomplete: incomplete.length },
    };
    io.out(JSON.stringify(output, null, 2));
  } else {
    const shown = relative(process.cwd(), resolve(file)) || file;
    printReports(io.out, style, `${shown} — ${read.items.length} payloads`, reports);
    if (complete) {
      io.out(style.bold(incomplete.length === 0 ? 'complete: every surface has a root, no dangling reference, no orphan' : `incomplete (${incomplete.length})`));
      for (const p of incomplete) io.out(`  ${style.bad(p.code)} surface ${p.surfaceId}: ${p.message}`);
    }
  }
  return failed > 0 || incomplete.length > 0 ? 1 : 0;
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l), colour: wantsColour(process.stdout) }): Promise<number> {
  const style = createStyle(io.colour);
  const [command = 'demo', ...rest] = argv;
  if (command === 'demo') {
    await runDemo(io.out, style);
    return 0;
  }
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return 0;
  }
  if (command === 'replay') return replayCommand(rest, style, io);
  if (command === 'catalog') return catalogCommand(rest, style, io, USAGE);
  if (command !== 'validate') {
    io.err(`a2ui-redux: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  return validateCommand(rest, style, io);
}

async function validateExamples(style: Style, io: { out: (l: string) => void; err: (l: string) => void }): Promise<number> {
  // No file: the bundled sound conversation must pass, the broken one must fail.
  const dir = examplesDir();
  io.out(style.dim('Checking the bundled example conversations (pass a file to check your own).\n'));
  const sound = await validateFile(join(dir, 'travel-booking.jsonl'), style, io.out);
  const broken = await validateFile(join(dir, 'broken.jsonl'), style, io.out);
  if ('error' in sound || 'error' in broken) {
    io.err(`a2ui-redux: ${'error' in sound ? sound.error : (broken as { error: string }).error}`);
    return 2;
  }
  io.out(style.dim('The second stream is broken on purpose: every FAIL above names the problem and where it is.'));
  return sound.failed === 0 && broken.failed > 0 ? 0 : 1;
}

function printTrees(out: (line: string) => void, style: Style, surfaces: ReplayReport['surfaces']): void {
  if (surfaces.length === 0) out(style.dim('  (no surfaces)'));
  for (const { surfaceId, tree, diagnostics } of surfaces) {
    out(`  ${style.bold(`surface ${surfaceId}`)}`);
    if (tree) for (const line of outlineTree(tree, style)) out(`    ${line}`);
    for (const d of diagnostics) {
      const tag = d.severity === 'error' ? style.bad(d.code) : style.warn(d.code);
      out(`    ${tag} ${d.message}`);
    }
  }
}

async function replayCommand(allArgs: string[], style: Style, io: { out: (l: string) => void; err: (l: string) => void }): Promise<number> {
  const { catalogs: catalogFiles, rest: args, missing } = catalogOptions(allArgs);
  if (missing) {
    io.err(`a2ui-redux: --catalog needs a file\n\n${USAGE}`);
    return 2;
  }
  const file = args.find((a) => !a.startsWith('-'));
  const json = args.includes('--json');
  const step = args.includes('--step');
  const strict = args.includes('--strict');
  const unknown = args.filter((a) => a.startsWith('-') && !['--json', '--step', '--strict'].includes(a));
  if (unknown.length > 0 || file === undefined) {
    io.err(`a2ui-redux: ${file === undefined ? 'replay needs a stream file' : `unknown option ${unknown.join(', ')}`}\n\n${USAGE}`);
    return 2;
  }
  const loaded = await loadCatalogFiles(catalogFiles.map((f) => resolve(f)));
  if (!loaded.ok) {
    io.err(`a2ui-redux: ${loaded.message}`);
    return 2;
  }
  const read = await readStreamFile(resolve(file));
  if (!read.ok) {
    io.err(`a2ui-redux: ${read.message}`);
    return 2;
  }
  const report = replayStream(read.items, withBasic(loaded.catalogs), step && !json ? ({ line, report: r }) => {
    io.out(style.bold(`after line ${line}`));
    printTrees(io.out, style, r.surfaces);
  } : undefined);
  const errorDiagnostics = report.surfaces.flatMap((s) => s.diagnostics.filter((d) => d.severity === 'error'));
  const errorsSent = report.sent.filter((s) => 'error' in s.message);
  if (json) {
    io.out(JSON.stringify(report, null, 2));
  } else {
    io.out(style.bold(`${file}: ${report.payloads} payloads, ${report.failures.length} failed`));
    for (const f of report.failures) io.out(`  ${style.bad('FAIL')} line ${f.line}: ${f.error.code}: ${f.error.message}`);
    io.out(style.bold('\nfinal trees'));
    printTrees(io.out, style, report.surfaces);
    io.out(style.bold(`\nsent to the agent (${report.sent.length})`));
    for (const s of report.sent) io.out(`  after line ${s.afterLine}: ${JSON.stringify(s.message)}${s.metadata ? style.dim(' + metadata') : ''}`);
  }
  if (strict && (report.failures.length > 0 || errorDiagnostics.length > 0 || errorsSent.length > 0)) return 1;
  return 0;
}

const invokedDirectly = (() => {
  try {
    const entry = process.argv[1] ? resolve(process.argv[1]) : '';
    return /(?:^|[\\/])(?:main\.ts|cli\.js|a2ui-redux)$/.test(entry);
  } catch {
    return false;
  }
})();

if (invokedDirectly) {
  // A closed pipe (`| head`) is a normal end for a report, not a crash.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`a2ui-redux: ${errorText(error)}`);
      process.exitCode = 2;
    },
  );
}
