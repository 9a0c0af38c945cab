/**
 * Building the nodes of a template reads the row component's definition once, not once per row
 * (counted: Object.entries calls on the row's record while a surface with 300 rows resolves from
 * scratch; at most one, as the session's own resolution may have read it already), and each row
 * is what the definition gives it.
 */
import { componentOf } from '../../src/model/state';
import { createResolverCache, resolveSurface } from '../../src/resolution/resolver';
import type { Session } from '../../src/session/session';
import { open } from '../helpers/session';

const ROWS = 300;
const components = [
  { id: 'root', component: 'Column', children: ['items'] },
  { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' }, variant: 'caption' },
];

const surfaceOf = (session: Session) => session.state.surfaces.s as NonNullable<Session['state']['surfaces'][string]>;

test('a template of 300 rows reads its row component once', () => {
  const session = open(components, { items: Array.from({ length: ROWS }, (_, i) => ({ label: `item ${i}` })) }).session;
  const surface = surfaceOf(session);
  const row = componentOf(surface, 'row');
  const entries = jest.spyOn(Object, 'entries');
  try {
    const { tree } = resolveSurface(createResolverCache(), session.runtime.resolution, surface, session.state);
    const rowReads = entries.mock.calls.filter(([value]) => value === row).length;
    expect(rowReads).toBeLessThanOrEqual(1);
    const rows = tree.nodes.items?.children ?? [];
    expect(rows).toHaveLength(ROWS);
    rows.forEach((ref, i) => {
      const node = tree.nodes[ref];
      expect(node?.props).toEqual({ text: `item ${i}`, variant: 'caption' });
      expect(node?.bindings).toEqual({ text: `/items/${i}/label` });
    });
  } finally {
    entries.mockRestore();
  }
});
