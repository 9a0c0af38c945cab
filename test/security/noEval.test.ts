/**
 * No code is ever built from text: nothing in src/ (nor in sagas/ and selectors/, which ship with
 * it) calls `eval`, `Function` / `new Function`, string timers, the `vm` module, or `import()` of
 * a computed specifier. The source
 * tree is parsed with the TypeScript compiler, so comments and strings that mention these
 * names do not count, and aliases such as `globalThis.eval` or `(0, eval)` do.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '../..');
const SHIPPED = ['src', 'sagas', 'selectors'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const DYNAMIC_CODE = new Set(['eval', 'Function', 'AsyncFunction', 'GeneratorFunction', 'execScript']);
const STRING_TIMERS = new Set(['setTimeout', 'setInterval', 'setImmediate']);
const VM_MODULES = new Set(['vm', 'node:vm', 'worker_threads', 'node:worker_threads', 'child_process', 'node:child_process']);

/** The name a callee ends in: `eval`, `globalThis.eval`, `window['eval']`, `(0, eval)`. */
function calleeName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) return node.name.text;
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression)) return node.argumentExpression.text;
  if (ts.isParenthesizedExpression(node)) return calleeName(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return calleeName(node.right);
  return undefined;
}

/** Every place in `text` that builds code from a string, as `line: snippet`. */
export function dynamicCodeSites(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const hits: string[] = [];
  const report = (node: ts.Node, why: string) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    hits.push(`${line + 1}: ${why}: ${node.getText(file).slice(0, 80)}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression);
      if (name !== undefined && DYNAMIC_CODE.has(name)) report(node, `${name}()`);
      if (name === 'constructor') report(node, 'call through .constructor');
      const first = node.arguments?.[0];
      if (name !== undefined && STRING_TIMERS.has(name) && first !== undefined && (ts.isStringLiteralLike(first) || ts.isTemplateExpression(first))) {
        report(node, `${name} with a string`);
      }
      if (ts.isIdentifier(node.expression) && node.expression.text === 'require' && first !== undefined && ts.isStringLiteralLike(first) && VM_MODULES.has(first.text)) {
        report(node, `require('${first.text}')`);
      }
      // import('a-literal') loads a known module; import(someString) loads whatever the string says.
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && !(first !== undefined && ts.isStringLiteralLike(first))) report(node, 'import() of a computed specifier');
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteralLike(node.moduleSpecifier) && VM_MODULES.has(node.moduleSpecifier.text)) {
      report(node, `import from '${node.moduleSpecifier.text}'`);
    }
    // `const f = eval` or `{ run: Function }`: the value itself escaping is as bad as a call.
    if (ts.isIdentifier(node) && DYNAMIC_CODE.has(node.text) && !ts.isCallExpression(node.parent) && !ts.isNewExpression(node.parent)) {
      const parent = node.parent;
      const isPropertyName = (ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isPropertyAssignment(parent) && parent.name === node) || ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isImportSpecifier(parent) || ts.isExpressionWithTypeArguments(parent);
      if (!isPropertyName) report(node, `reference to ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return hits;
}

describe('no code is built from text', () => {
  const files = SHIPPED.flatMap((dir) => sourceFiles(join(ROOT, dir)));

  test('the scan covers the shipped source tree', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.endsWith(join('src', 'session', 'session.ts')))).toBe(true);
  });

  test('no eval, Function, string timers, vm or computed import() anywhere in src/, sagas/ and selectors/', () => {
    const hits = files.flatMap((file) => dynamicCodeSites(file, readFileSync(file, 'utf8')).map((hit) => `${relative(ROOT, file)}:${hit}`));
    expect(hits).toEqual([]);
  });

  test('the scanner itself finds every spelling (so the test above is not vacuous)', () => {
    const samples = [
      'eval("1")',
      'globalThis.eval(code)',
      "window['eval'](code)",
      '(0, eval)(code)',
      'new Function("return 1")',
      'Function("return 1")()',
      'const f = Function; f("x")',
      '(() => {}).constructor("return 1")',
      'setTimeout("alert(1)", 10)',
      'setInterval(`tick()`, 10)',
      "import vm from 'node:vm'",
      "const vm = require('vm')",
      'await import(moduleName)',
      'await import(`./${name}.js`)',
    ];
    for (const sample of samples) expect(dynamicCodeSites('sample.ts', sample)).not.toEqual([]);
    const innocent = [
      '// eval is never used; new Function neither',
      "const text = 'new Function(\"x\")'",
      'type F = Function',
      'setTimeout(() => tick(), 10)',
      'const o = { eval: 1 }; o.eval',
      "await import('zod')",
    ];
    for (const sample of innocent) expect(dynamicCodeSites('sample.ts', sample)).toEqual([]);
  });
});
