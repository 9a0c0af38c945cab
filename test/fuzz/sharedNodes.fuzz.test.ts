/**
 * Incremental = from scratch when nodes are shared. A component shown by several parents over the
 * same data is one node; random component swaps make parents start and stop listing children
 * (and root drop and regain whole branches), with data updates between them. After each step the
 * incremental tree must equal a resolution from scratch: a node another parent still lists stays,
 * and a node no parent lists any more is gone.
 */
import fc from 'fast-check';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog';
import { createSession, handleMessage, resolvedTree, type Session } from '../../src/session/session';
import { logRuns, params, TEST_TIMEOUT_MS } from './config';
import { assertPrototypesClean, assertTrees, invariant } from './invariants';

jest.setTimeout(TEST_TIMEOUT_MS);
afterAll(() => logRuns('sharedNodes'));
afterEach(() => assertPrototypesClean());

type Json = Record<string, unknown>;
const v = (body: Json): Json => ({ version: 'v1.0', ...body });

/** Containers n0..n4 (each lists only higher-numbered ids, so the graph is a DAG), leaves n5 and n6. */
const CONTAINERS = ['n0', 'n1', 'n2', 'n3', 'n4'];
const LEAVES = ['n5', 'n6'];

const childrenOf = (index: number): fc.Arbitrary<string[]> =>
  fc.subarray([...CONTAINERS.slice(index + 1), ...LEAVES]);

const container = (index: number): fc.Arbitrary<Json> =>
  childrenOf(index).map((children) => ({ id: CONTAINERS[index], component: 'Column', children }));

const rootArb: fc.Arbitrary<Json> = fc.subarray([...CONTAINERS, ...LEAVES]).map((children) => ({ id: 'root', component: 'Column', children }));

const leaves: Json[] = [
  { id: 'n5', component: 'Text', text: { path: '/t' } },
  { id: 'n6', component: 'Text', text: 'fixed' },
];

type Step = { kind: 'swap'; components: Json[] } | { kind: 'data'; value: string };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.uniqueArray(fc.oneof(rootArb, ...CONTAINERS.map((_, i) => container(i))), { minLength: 1, maxLength: 3, selector: (c) => c.id }).map((components): Step => ({ kind: 'swap', components })),
  fc.string({ maxLength: 4 }).map((value): Step => ({ kind: 'data', value })),
);

/** The refs a walk from root reaches through `children` (what must be in the tree). */
function reachable(session: Session): string[] {
  const tree = resolvedTree(session, 's');
  const seen = new Set<string>();
  const stack = tree?.root ? [tree.root.ref] : [];
  while (stack.length > 0) {
    const ref = stack.pop() as string;
    if (seen.has(ref)) continue;
    seen.add(ref);
    stack.push(...(tree?.nodes[ref]?.children ?? []));
  }
  return [...seen].sort();
}

describe('shared nodes: incremental resolution equals resolution from scratch', () => {
  test('parents that come and go keep exactly the nodes some parent still lists', () => {
    fc.assert(
      fc.property(rootArb, fc.tuple(...CONTAINERS.map((_, i) => container(i))), fc.array(stepArb, { minLength: 1, maxLength: 12 }), (root, containers, steps) => {
        let session = createSession([basicCatalog()]);
        session = handleMessage(session, v({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [root, ...containers, ...leaves], dataModel: { t: 'x' } } })).session;
        assertTrees(session, 'opened');
        steps.forEach((step, i) => {
          const body = step.kind === 'swap'
            ? { updateComponents: { surfaceId: 's', components: step.components } }
            : { updateDataModel: { surfaceId: 's', path: '/t', value: step.value } };
          const result = handleMessage(session, v(body));
          invariant(result.ok, () => `step ${i} (${step.kind}) was refused`);
          session = result.session;
          assertTrees(session, `step ${i} (${step.kind})`);
          const nodes = Object.keys(resolvedTree(session, 's')?.nodes ?? {}).sort();
          invariant(JSON.stringify(nodes) === JSON.stringify(reachable(session)), () => `step ${i}: the tree holds ${nodes.join(',')}, root reaches ${reachable(session).join(',')}`);
        });
      }),
      params(0.5),
    );
  });
});
