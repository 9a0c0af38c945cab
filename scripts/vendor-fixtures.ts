/**
 * Refreshes the vendored A2UI data under test/fixtures/a2ui/ from a checkout of the reference
 * material given as the argument (the folder holding spec/ and conformance/). Copies data only (JSON schemas, catalogs,
 * example streams, conformance YAML and their test data, the upstream LICENSE), never prose
 * (`.md`) or code, keeping upstream relative paths, and writes SOURCES.json: one row per file with
 * where it came from and its SHA-256, which test/fixtures.test.ts holds the files to.
 *
 * Run: npx tsx scripts/vendor-fixtures.ts <source-folder>
 */
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [given] = process.argv.slice(2);
if (given === undefined) throw new Error('usage: tsx scripts/vendor-fixtures.ts <folder holding spec/ and conformance/>');
const source = resolve(given);
const target = join(root, 'test', 'fixtures', 'a2ui');

/** Folders of the source that hold data the tests read. */
const FOLDERS = ['spec', 'conformance'];
/** What is data: everything but prose and code. */
const isData = (path: string) => /\.(json|jsonl|yaml|yml)$/.test(path) || /(^|\/)LICENSE[^/]*$/.test(path);

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : [path];
    });
}

const files = FOLDERS.flatMap((folder) => filesUnder(join(source, folder)))
  .map((path) => relative(source, path).split('\\').join('/'))
  .filter(isData);
if (files.length === 0) throw new Error(`no data files under ${source}`);

rmSync(target, { recursive: true, force: true });
const rows = files.map((path) => {
  const bytes = readFileSync(join(source, path));
  mkdirSync(dirname(join(target, path)), { recursive: true });
  copyFileSync(join(source, path), join(target, path));
  return { path, sha256: createHash('sha256').update(bytes).digest('hex') };
});
writeFileSync(
  join(target, 'SOURCES.json'),
  `${JSON.stringify(
    {
      about:
        'A2UI specification and conformance data (Apache-2.0, see spec/LICENSE-A2UI), vendored from the reference material ' +
        'published with @a2ui/web_core 0.11.0 and the A2UI v1.0 candidate; paths are the upstream ones. ' +
        'Refresh with scripts/vendor-fixtures.ts.',
      files: rows,
    },
    null,
    2,
  )}\n`,
);
console.log(`vendored ${rows.length} files into ${relative(root, target)}`);
