/**
 * A prop that is a binding alone (`{ path }`) resolves to what the expression evaluator gives the
 * same binding in the same scope: value, missing-data warning, and the evaluator's own limits.
 * The evaluator (evaluateDynamic) is the independent answer here.
 */
import { evaluateDynamic } from '../../src/expressions';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { node, open, treeDiagnostics } from '../helpers/session';

const model = { name: 'Ada', nested: { 'a/b': 'slash', '~t': 'tilde' }, rows: [{ label: 'first' }, { label: 'second' }], zero: 0, empty: '' };

function evaluated(path: string, scope = '/'): unknown {
  const result = evaluateDynamic({ path }, { catalogs: [basicCatalog()], surfaceCatalogId: BASIC_CATALOG_ID, dataModel: model, scope });
  expect(result.status).toBe('ok');
  expect(result.work).toEqual({ calls: 0, reads: 1, chars: 0, regexSteps: 0 });
  return result.value === undefined ? null : result.value;
}

describe('a binding alone', () => {
  const paths = ['/name', '/nested/a~1b', '/nested/~0t', '/rows/1/label', '/rows', '/zero', '/empty', '/missing', '/rows/9/label', '/'];
  const components = [
    { id: 'root', component: 'Column', children: ['list', ...paths.map((_, i) => `t${i}`)] },
    ...paths.map((path, i) => ({ id: `t${i}`, component: 'Text', text: { path } })),
    { id: 'list', component: 'List', children: { path: '/rows', componentId: 'row' } },
    { id: 'row', component: 'Text', text: { path: 'label' } },
  ];
  const { session } = open(components, model);

  test.each(paths.map((path, i) => [path, i] as const))('%s resolves to the evaluator value', (path, i) => {
    expect(node(session, `t${i}`).props.text).toEqual(evaluated(path));
  });

  test('relative paths read in the row scope, as the evaluator reads them', () => {
    const rows = node(session, 'list').children;
    expect(rows).toHaveLength(2);
    rows.forEach((ref, i) => expect(node(session, ref).props.text).toEqual(evaluated('label', `/rows/${i}`)));
  });

  test('a path with no data yet is null with an UNRESOLVED_BINDING warning naming the absolute path', () => {
    const warnings = treeDiagnostics(session, 'UNRESOLVED_BINDING');
    expect(warnings.map((d) => d.path).sort()).toEqual(['/missing', '/rows/9/label']);
    expect(warnings.every((d) => d.severity === 'warning')).toBe(true);
  });
});

describe('limits the evaluator applies to a binding still apply', () => {
  test('fewer than one read per evaluation: the binding fails with LIMIT_EXCEEDED', () => {
    const { session } = open([{ id: 'root', component: 'Text', text: { path: '/name' } }], model, { session: { limits: { maxReadsPerEvaluation: 0.5 } } });
    const direct = evaluateDynamic({ path: '/name' }, { catalogs: [basicCatalog()], surfaceCatalogId: BASIC_CATALOG_ID, dataModel: model, limits: { maxReads: 0.5 } });
    expect(direct.status).toBe('error');
    expect(node(session, 'root').props.text).toBeNull();
    expect(treeDiagnostics(session, 'LIMIT_EXCEEDED')).toHaveLength(1);
  });

  test('a binding counts two units of work (the evaluation and its read) against maxWorkPerSurface', () => {
    // The walk caps the first node reached once the nodes before it spent more than the budget:
    // 'b' is capped when the budget is under what 'a' spent, and drawn when it is not.
    const components = [
      { id: 'root', component: 'Column', children: ['a', 'b'] },
      { id: 'a', component: 'Text', text: { path: '/name' } },
      { id: 'b', component: 'Text', text: { path: '/empty' } },
    ];
    const enough = open(components, model, { session: { limits: { maxWorkPerSurface: 2 } } }).session;
    expect(treeDiagnostics(enough, 'LIMIT_EXCEEDED')).toHaveLength(0);
    expect(node(enough, 'b').placeholder).toBeUndefined();
    const short = open(components, model, { session: { limits: { maxWorkPerSurface: 1 } } }).session;
    expect(treeDiagnostics(short, 'LIMIT_EXCEEDED')).toHaveLength(1);
    expect(node(short, 'b').placeholder).toBe('missing');
  });
});
