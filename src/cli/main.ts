/**
 * The `a2ui-redux` command line: `validate [file]` checks an agent stream message by message;
 * without a file it checks the bundled example conversations, one sound and one deliberately
 * broken, to show what the reports look like.
 */
import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicCatalog } from '../catalog';
import { readStreamFile } from './readStream';
import { createStyle, wantsColour, type Style } from './style';
import { validateStream, type MessageReport } from './validate';

const USAGE = `usage: a2ui-redux <command> [options]

commands:
  validate [file]   check an agent stream (JSON Lines, or a JSON array / {"messages": [...]})
                    and print, per message, OK or the exact problem; without a file, check
                    the bundled example conversations
  help              show this text
`;

/** Where the bundled examples live: `examples/` at the package root (from src/cli or dist). */
function examplesDir(): string {
  const here = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
  return existsSync(resolve(here, '../../examples')) ? resolve(here, '../../examples') : resolve(here, '../examples');
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

async function validateFile(path: string, style: Style, out: (line: string) => void): Promise<{ failed: number } | { error: string }> {
  const read = await readStreamFile(path);
  if (!read.ok) return { error: read.message };
  const { reports } = validateStream(read.items, [basicCatalog()]);
  const shown = relative(process.cwd(), path) || path;
  return printReports(out, style, `${shown} — ${read.items.length} payloads`, reports);
}

/** Runs the CLI; returns the exit code. */
export async function main(argv: string[], io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l), colour: wantsColour(process.stdout) }): Promise<number> {
  const style = createStyle(io.colour);
  const [command = 'validate', ...rest] = argv;
  if (command === 'help' || command === '--help' || command === '-h') {
    io.out(USAGE);
    return 0;
  }
  if (command !== 'validate') {
    io.err(`a2ui-redux: unknown command '${command}'\n\n${USAGE}`);
    return 2;
  }
  const file = rest.find((a) => !a.startsWith('-'));
  if (file !== undefined) {
    const result = await validateFile(resolve(file), style, io.out);
    if ('error' in result) {
      io.err(`a2ui-redux: ${result.error}`);
      return 2;
    }
    return result.failed > 0 ? 1 : 0;
  }
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
      console.error(`a2ui-redux: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
