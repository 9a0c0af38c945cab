/**
 * `catalog check|lint|bundle <file>` and reading `--catalog` files: the tools an agent developer
 * runs on a catalog of their own.
 */
import { readFile } from 'node:fs/promises';
import { bundleCatalog } from '../catalog/bundle';
import { catalogFromJson } from '../catalog/fromJson';
import { lintCatalog } from '../catalog/lint';
import type { CatalogProblem } from '../catalog/problems';
import type { Catalog } from '../catalog/types';
import { validateCatalog } from '../catalog/validate';
import { COMMON_TYPES_SCHEMA } from '../protocol/json/commonTypes';
import type { Style } from './style';

export type Io = { out: (line: string) => void; err: (line: string) => void };

/** A JSON file's content, or why it cannot be read. */
export async function readJsonFile(path: string): Promise<{ ok: true; json: unknown } | { ok: false; message: string }> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: code === 'ENOENT' ? `No such file: ${path}` : `Cannot read ${path}: ${(error as Error).message}` };
  }
  try {
    return { ok: true, json: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: `${path} is not JSON: ${(error as Error).message}` };
  }
}

/** Loads catalog files strictly (validateCatalog must pass), in order; the first problem file ends it. */
export async function loadCatalogFiles(paths: readonly string[]): Promise<{ ok: true; catalogs: Catalog[] } | { ok: false; message: string }> {
  const catalogs: Catalog[] = [];
  for (const path of paths) {
    const read = await readJsonFile(path);
    if (!read.ok) return read;
    const loaded = catalogFromJson(read.json);
    if (!loaded.ok) return { ok: false, message: `${path}: ${problemLines(loaded.problems).join('\n  ')}\n(run \`a2ui-redux catalog check ${path}\` for details)` };
    catalogs.push(loaded.catalog);
  }
  return { ok: true, catalogs };
}

function problemLines(problems: readonly CatalogProblem[]): string[] {
  return problems.map((p) => `${p.code} ${p.path === '' ? '/' : p.path}: ${p.message}`);
}

function catalogIdOf(json: unknown): string | null {
  return typeof json === 'object' && json !== null && typeof (json as { catalogId?: unknown }).catalogId === 'string'
    ? (json as { catalogId: string }).catalogId
    : null;
}

/**
 * Runs `catalog <action> <file>`; returns the exit code: 0 clean, 1 problems (check), findings of
 * severity error (lint) or a document bundle refuses, 2 usage or an unreadable file.
 */
export async function catalogCommand(args: readonly string[], style: Style, io: Io, usage: string): Promise<number> {
  const json = args.includes('--json');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--json');
  const [action, file, ...extra] = args.filter((a) => !a.startsWith('-'));
  if (unknown.length > 0 || extra.length > 0 || file === undefined || !['check', 'lint', 'bundle'].includes(action ?? '')) {
    io.err(`a2ui-redux: ${unknown.length > 0 ? `unknown option ${unknown.join(', ')}` : 'usage: catalog check|lint|bundle <catalog.json>'}\n\n${usage}`);
    return 2;
  }
  const read = await readJsonFile(file);
  if (!read.ok) {
    if (json) io.out(JSON.stringify({ error: read.message }));
    io.err(`a2ui-redux: ${read.message}`);
    return 2;
  }
  const catalogId = catalogIdOf(read.json);
  if (action === 'check') {
    const { valid, problems } = validateCatalog(read.json);
    if (json) io.out(JSON.stringify({ file, catalogId, valid, problems }, null, 2));
    else {
      io.out(style.bold(`${file}: ${valid ? style.ok('valid') : style.bad(`${problems.length} problem${problems.length === 1 ? '' : 's'}`)}`));
      for (const line of problemLines(problems)) io.out(`  ${line}`);
    }
    return valid ? 0 : 1;
  }
  const loaded = catalogFromJson(read.json, { lenient: true });
  if (action === 'bundle') {
    if (!loaded.ok || loaded.warnings.length > 0) {
      const problems = loaded.ok ? loaded.warnings : loaded.problems;
      io.err(`a2ui-redux: ${file} is not a valid catalog; bundle refuses it:\n  ${problemLines(problems).join('\n  ')}`);
      return 1;
    }
    // The bundle is for an agent (and its LLM): the common types go in with their descriptions.
    io.out(JSON.stringify(bundleCatalog(loaded.catalog, { commonTypes: COMMON_TYPES_SCHEMA }), null, 2));
    return 0;
  }
  const findings = loaded.ok ? lintCatalog(loaded.catalog) : [];
  const problems = loaded.ok ? [] : loaded.problems;
  const count = (severity: string): number => findings.filter((f) => f.severity === severity).length;
  const summary = { error: count('error'), warning: count('warning'), info: count('info') };
  if (json) io.out(JSON.stringify({ file, catalogId, problems, findings, summary }, null, 2));
  else {
    io.out(style.bold(`${file}: ${loaded.ok ? `${summary.error} errors, ${summary.warning} warnings, ${summary.info} notes` : style.bad('cannot be loaded')}`));
    for (const line of problemLines(problems)) io.out(`  ${style.bad('FAIL')} ${line}`);
    for (const f of findings) {
      const tag = f.severity === 'error' ? style.bad('ERROR') : f.severity === 'warning' ? style.warn('WARN ') : style.dim('INFO ');
      io.out(`  ${tag} ${f.code} ${f.path === '' ? '/' : f.path}: ${f.message}`);
    }
  }
  return !loaded.ok || summary.error > 0 ? 1 : 0;
}
