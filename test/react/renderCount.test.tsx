/**
 * @jest-environment jsdom
 *
 * A keystroke re-renders only the nodes whose inputs changed: every node selects itself, and the
 * resolver keeps the identity of nodes that read nothing that changed. Measured by counting the
 * renders of every node component (each default wrapped by a counter through createComponents).
 */
import { fireEvent, screen } from '@testing-library/react';
import { basicComponents, createComponents, type A2uiNodeProps, type AnyNodeComponent } from '../../src/react';
import { INITIAL_ROWS } from '../../src/react/listWindow';
import { renderSurface } from './harness';

const ROWS = 500;

function countingComponents() {
  const renders = new Map<string, number>();
  const wrapped: Record<string, AnyNodeComponent> = {};
  for (const [name, Draw] of Object.entries(basicComponents) as Array<[string, AnyNodeComponent]>) {
    wrapped[name] = function Counted(props: A2uiNodeProps) {
      renders.set(props.node.ref, (renders.get(props.node.ref) ?? 0) + 1);
      return <Draw {...props} />;
    };
  }
  return { components: createComponents(wrapped), renders };
}

// Drawn whole (every row a mounted node) and windowed (jsdom has no layout, so the first rows).
it.each([
  ['every row drawn', false, ROWS],
  ['the long list windowed', undefined, INITIAL_ROWS],
] as const)(`%s: typing one character into a field re-renders that field and the Text bound to the same path, not the other nodes`, (_name, windowing, drawnRows) => {
  const { components, renders } = countingComponents();
  const s = renderSurface(
    [
      { id: 'root', component: 'Column', children: ['query', 'echo', 'items'] },
      { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
      { id: 'echo', component: 'Text', text: { path: '/query' } },
      { id: 'items', component: 'List', children: { path: '/items', componentId: 'row' } },
      { id: 'row', component: 'Text', text: { path: 'label' } },
    ],
    { query: '', items: Array.from({ length: ROWS }, (_, i) => ({ label: `item ${i}` })) },
    { components, surface: windowing === false ? { windowing } : {} },
  );
  try {
    // The first render drew every drawn node once.
    expect(renders.size).toBe(drawnRows + 4);
    const box = screen.getByRole('textbox', { name: 'Query' });
    const echo = box.closest('[data-component="TextField"]')?.parentElement?.querySelector('[data-component-id="echo"]');
    const queryRef = box.closest('[data-component="TextField"]')?.getAttribute('data-ref') as string;
    const echoRef = echo?.getAttribute('data-ref') as string;
    renders.clear();
    // The surface selects its diagnostics; an update that touches none keeps the list object,
    // so the surface itself does not re-render either.
    const diagnostics = s.a2ui.selectors.selectDiagnostics(s.store.getState(), 's');

    fireEvent.change(box, { target: { value: 'a' } });

    expect(s.dataModel().query).toBe('a');
    expect(echo?.textContent).toBe('a');
    expect(Object.fromEntries(renders)).toEqual({ [queryRef]: 1, [echoRef]: 1 });
    expect(s.a2ui.selectors.selectDiagnostics(s.store.getState(), 's')).toBe(diagnostics);
  } finally {
    s.stop();
  }
});
