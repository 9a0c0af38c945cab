/**
 * The repository stands alone: a bare clone has no reference material beside it, so no test,
 * benchmark or script names a path that leaves the checkout, and the vendored A2UI data is
 * exactly what test/fixtures/a2ui/SOURCES.json records (refresh it with scripts/vendor-fixtures.ts).
 * String literals are read with the TypeScript parser and resolved against the file's folder, so
 * a path up to the sibling reference folder counts wherever it is written, and a comment that
 * mentions one does not.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '../..');
const CHECKED = ['test', 'bench', 'scripts'];
const FIXTURES = join(ROOT, 'test/fixtures/a2ui');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'fixtures' || name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** String literals in `text` that name a place outside `root` (relative to the file) or a sibling `shared` folder. */
export function pathsLeavingRoot(fileName: string, text: string, root: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const hits: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node)) {
      const value = node.text;
      const target = resolve(dirname(fileName), value);
      const leaves = value.startsWith('..') && target !== root && !target.startsWith(root + sep);
      const sibling = /^(\.\.[/\\])+shared([/\\]|$)/.test(value);
      // join(root, '..', 'shared'): a bare 'shared' segment handed to a path builder
      const segment = value === 'shared' && ts.isCallExpression(node.parent) && /^(join|resolve)$/.test(node.parent.expression.getText(file));
      if (leaves || sibling || segment) {
        hits.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${value}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return hits;
}

describe('the checkout is self-contained', () => {
  test('the checker finds paths that leave the checkout, and only those', () => {
    const at = join(ROOT, 'test/conformance/suite.ts');
    // Spelled in pieces, so this file itself names no such path.
    const up = (levels: number) => `${'../'.repeat(levels)}${'sha' + 'red'}`;
    const text = [
      `const a = resolve(__dirname, '${up(3)}');`,
      "const b = join(root, '..', 'shared', 'spec');",
      `const c = resolve(process.cwd(), '${up(1)}/spec');`,
      "const d = resolve(__dirname, '../fixtures/a2ui');",
      `// ${up(3)} in a comment`,
    ].join('\n');
    expect(pathsLeavingRoot(at, text, ROOT)).toEqual([`1: ${up(3)}`, '2: shared', `3: ${up(1)}/spec`]);
  });

  test.each(CHECKED)('no file under %s/ reads outside the repository', (folder) => {
    const hits = sourceFiles(join(ROOT, folder)).flatMap((path) =>
      pathsLeavingRoot(path, readFileSync(path, 'utf8'), ROOT).map((hit) => `${relative(ROOT, path)}:${hit}`),
    );
    expect(hits).toEqual([]);
  });

  test('the vendored data is what SOURCES.json records, with the upstream licence', () => {
    const sources = JSON.parse(readFileSync(join(FIXTURES, 'SOURCES.json'), 'utf8')) as { files: { path: string; sha256: string }[] };
    const onDisk = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
    })(FIXTURES)
      .map((path) => relative(FIXTURES, path).split(sep).join('/'))
      .filter((path) => path !== 'SOURCES.json')
      .sort();
    expect(sources.files.map((row) => row.path).sort()).toEqual(onDisk);
    expect(onDisk).toContain('spec/LICENSE-A2UI');
    expect(onDisk.filter((path) => path.endsWith('.md'))).toEqual([]);
    for (const row of sources.files) {
      expect({ path: row.path, sha256: createHash('sha256').update(readFileSync(join(FIXTURES, row.path))).digest('hex') }).toEqual(row);
    }
  });
});
