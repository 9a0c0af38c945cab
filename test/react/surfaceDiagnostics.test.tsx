/**
 * @jest-environment jsdom
 *
 * `<A2uiSurface diagnostics={false}>` does not collect the surface's diagnostics (a walk of every
 * node of the tree when a tree is new): counted by the diagnostics selector's recomputations, which
 * the surface would run on its first render and on every store change.
 */
import { fireEvent, screen } from '@testing-library/react';
import { createSetup, renderWith, surfaceMessage } from './harness';
import { A2uiSurface } from '../../src/react';

const components = [
  { id: 'root', component: 'Column', children: ['query', 'missing'] },
  { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
];

const recomputations = (selector: unknown) => (selector as { recomputations(): number }).recomputations();

test.each([
  [true, 'lists them'],
  [false, 'neither lists nor collects them'],
])('diagnostics=%s: the surface %s', (diagnostics) => {
  const setup = createSetup();
  try {
    // 'missing' is a child that was never sent: the tree has a diagnostic for it.
    setup.receive(surfaceMessage('s', components, { query: '' }));
    const before = recomputations(setup.a2ui.selectors.selectDiagnostics);
    renderWith(setup, <A2uiSurface surfaceId="s" diagnostics={diagnostics} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Query' }), { target: { value: 'a' } });
    expect(setup.dataModel().query).toBe('a');
    const ran = recomputations(setup.a2ui.selectors.selectDiagnostics) - before;
    if (diagnostics) {
      expect(ran).toBeGreaterThan(0);
      expect(screen.getByTestId('diagnostics').textContent).toContain('MISSING_CHILD');
    } else {
      expect(ran).toBe(0);
      expect(screen.queryByTestId('diagnostics')).toBeNull();
    }
  } finally {
    setup.stop();
  }
});
