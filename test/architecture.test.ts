/**
 * The layers of docs/ARCHITECTURE.md, held against the code. The table there is read as data:
 * every shipped file belongs to one row; a file imports only its own row and the rows below it
 * (type-only imports and `import('…')` types included); no files import each other in a loop;
 * packages are imported only by the rows that list them. Imports are read with the TypeScript
 * parser, so a specifier in a comment or a string does not count.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(__dirname, '..');
const SHIPPED = ['src', 'sagas', 'selectors'];

export interface Layer {
  name: string;
  /** Paths relative to the root; a folder ends in `/`. */
  paths: string[];
  packages: string[];
}

/** The rows of the `## Layers` table of an ARCHITECTURE document, top layer first. */
export function readLayerTable(markdown: string): Layer[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Layers'));
  if (section === undefined) throw new Error('ARCHITECTURE has no "## Layers" section');
  const rows = section.split('\n').filter((line) => line.startsWith('|')).slice(2);
  return rows.map((row) => {
    const cells = row.split('|').slice(1, -1).map((cell) => cell.trim());
    const ticked = (cell: string | undefined) => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);
    return { name: cells[0] ?? '', paths: ticked(cells[1]), packages: ticked(cells[3]) };
  });
}

/** The index (0 = top) of the row a file belongs to: the longest path containing it; -1 for none. */
export function layerOf(file: string, layers: readonly Layer[]): number {
  let best = -1;
  let bestLength = -1;
  layers.forEach((layer, index) => {
    for (const path of layer.paths) {
      const contains = path.endsWith('/') ? file.startsWith(path) : file === path;
      if (contains && path.length > bestLength) [best, bestLength] = [index, path.length];
    }
  });
  return best;
}

/** Every module specifier a file names: imports, re-exports, `import type`, `import('…')` types and calls, `require`. */
export function specifiersOf(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteral(node.arguments[0] as ts.Expression)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The file (relative to `root`) a relative specifier names, or null when none exists. */
function resolveRelative(root: string, from: string, specifier: string): string | null {
  const base = resolve(root, dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return relative(root, candidate).split(sep).join('/');
  }
  return null;
}

/** The package a bare specifier names, subpath included (`redux-saga/effects` is its own entry in the table). */
function packageOf(specifier: string): string {
  return specifier;
}

export interface Graph {
  /** file → files it imports (relative to the root). */
  edges: Map<string, string[]>;
  /** file → packages it imports. */
  packages: Map<string, string[]>;
}

export function importGraph(root: string, files: readonly string[], read: (file: string) => string): Graph {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  for (const file of files) {
    const local: string[] = [];
    const external: string[] = [];
    for (const specifier of specifiersOf(file, read(file))) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(root, file, specifier);
        local.push(target ?? `unresolved:${specifier}`);
      } else {
        external.push(packageOf(specifier));
      }
    }
    edges.set(file, local);
    packages.set(file, external);
  }
  return { edges, packages };
}

/** Every way the graph breaks the table: files in no row, upward imports, packages not listed. */
export function layerViolations(graph: Graph, layers: readonly Layer[]): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph.edges) {
    const own = layerOf(file, layers);
    if (own === -1) {
      problems.push(`${file} belongs to no layer`);
      continue;
    }
    for (const target of targets) {
      const theirs = layerOf(target, layers);
      if (theirs === -1) problems.push(`${file} imports ${target}, which belongs to no layer`);
      else if (theirs < own) problems.push(`${file} (${layers[own]?.name}) imports ${target} (${layers[theirs]?.name}), a layer above it`);
    }
    for (const name of graph.packages.get(file) ?? []) {
      if (!(layers[own]?.packages ?? []).includes(name)) problems.push(`${file} (${layers[own]?.name}) imports the package ${name}, which its layer does not list`);
    }
  }
  return problems;
}

/** The loops of the graph (Tarjan's strongly connected components of two or more files, or a self-import). */
export function importCycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const connect = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!edges.has(next)) continue;
      if (!index.has(next)) {
        connect(next);
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) as number, index.get(next) as number));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === file) break;
    }
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) connect(file);
  return cycles;
}

function shippedFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap((name) => {
      const path = `${dir}/${name}`;
      if (statSync(join(ROOT, path)).isDirectory()) return walk(path);
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
  return SHIPPED.flatMap(walk).sort();
}

describe('the checker', () => {
  const layers: Layer[] = readLayerTable(
    [
      '## Layers',
      '| layer | paths | what | packages |',
      '|---|---|---|---|',
      '| top | `top/`, `lib/feature/top.ts` | | `pkg` |',
      '| lib | `lib/` | | |',
      '',
    ].join('\n'),
  );
  const graphOf = (files: Record<string, string>): Graph => {
    const edges = new Map<string, string[]>();
    const packages = new Map<string, string[]>();
    for (const [file, text] of Object.entries(files)) {
      const specifiers = specifiersOf(file, text);
      edges.set(file, specifiers.filter((s) => s.startsWith('.')).map((s) => join(dirname(file), s).split(sep).join('/') + '.ts'));
      packages.set(file, specifiers.filter((s) => !s.startsWith('.')));
    }
    return { edges, packages };
  };

  test('reads the table, top row first, with its paths and packages', () => {
    expect(layers).toEqual([
      { name: 'top', paths: ['top/', 'lib/feature/top.ts'], packages: ['pkg'] },
      { name: 'lib', paths: ['lib/'], packages: [] },
    ]);
    expect(layerOf('lib/feature/top.ts', layers)).toBe(0);
    expect(layerOf('lib/feature/other.ts', layers)).toBe(1);
    expect(layerOf('elsewhere/a.ts', layers)).toBe(-1);
  });

  test('finds every kind of specifier, and none in comments or strings', () => {
    const text = [
      "import a from './a';",
      "import type { B } from './b';",
      "export { c } from './c';",
      "export type { D } from './d';",
      "type E = import('./e').E;",
      "const f = require('./f');",
      "const g = import('./g');",
      "// import h from './h';",
      "const i = \"import j from './j'\";",
    ].join('\n');
    expect(specifiersOf('x.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f', './g']);
  });

  test('reports an upward import, a type-only one included, and a package a row does not list', () => {
    const graph = graphOf({
      'top/a.ts': "import { b } from '../lib/b'; import { z } from 'pkg';",
      'lib/b.ts': "import type { A } from '../top/a';",
      'lib/c.ts': "import { z } from 'pkg';",
    });
    expect(layerViolations(graph, layers)).toEqual([
      'lib/b.ts (lib) imports top/a.ts (top), a layer above it',
      'lib/c.ts (lib) imports the package pkg, which its layer does not list',
    ]);
  });

  test('reports a loop within one layer, and a file in no layer', () => {
    const graph = graphOf({
      'lib/a.ts': "import { b } from './b';",
      'lib/b.ts': "import { c } from './c';",
      'lib/c.ts': "import { a } from './a';",
      'lib/d.ts': "import { a } from './a';",
      'stray/e.ts': '',
    });
    expect(importCycles(graph.edges)).toEqual([['lib/a.ts', 'lib/b.ts', 'lib/c.ts']]);
    expect(layerViolations(graph, layers)).toEqual(['stray/e.ts belongs to no layer']);
  });
});

describe('the package keeps its layers (docs/ARCHITECTURE.md)', () => {
  const layers = readLayerTable(readFileSync(join(ROOT, 'docs/ARCHITECTURE.md'), 'utf8'));
  const files = shippedFiles();
  const graph = importGraph(ROOT, files, (file) => readFileSync(join(ROOT, file), 'utf8'));

  test('the table names every top-level folder of src/, sagas/ and selectors/', () => {
    expect(layers.length).toBeGreaterThan(10);
    expect(files.filter((file) => layerOf(file, layers) === -1)).toEqual([]);
  });

  test('no import points up the table, and packages stay in the rows that list them', () => {
    expect(layerViolations(graph, layers)).toEqual([]);
  });

  test('no files import each other in a loop', () => {
    expect(importCycles(graph.edges)).toEqual([]);
  });

  test('the core below the Redux layer never imports Redux, redux-saga or reselect', () => {
    const redux = layers.findIndex((layer) => layer.name === 'redux');
    const core = files.filter((file) => layerOf(file, layers) > redux);
    expect(core.length).toBeGreaterThan(50);
    const offending = core.flatMap((file) =>
      (graph.packages.get(file) ?? []).filter((name) => /^(@reduxjs\/|redux|reselect)/.test(name)).map((name) => `${file}: ${name}`),
    );
    expect(offending).toEqual([]);
  });
});
