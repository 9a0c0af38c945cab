/**
 * @jest-environment jsdom
 *
 * A node subscribes to the surface's node feed after its first commit (a passive effect), not
 * through useSyncExternalStore. A store change that lands between a node's render and its
 * subscription must still reach it: the subscription compares the node it drew with the feed's.
 */
import { act, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { basicComponents, createComponents, type A2uiNodeProps, type AnyNodeComponent } from '../../src/react';
import { useA2uiWrite } from '../../src/react/hooks';
import { renderSurface } from './harness';

const COMPONENTS = [
  { id: 'root', component: 'Column', children: ['echo', 'query'] },
  { id: 'echo', component: 'Text', text: { path: '/query' } },
  { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
];

/** A TextField that writes 'late' in its layout effect: after every node rendered, before any subscribed. */
function writesOnMount() {
  const TextField = basicComponents.TextField as AnyNodeComponent;
  return createComponents({
    TextField: function WritesOnMount(props: A2uiNodeProps) {
      const write = useA2uiWrite(props.surfaceId, props.node.ref);
      useLayoutEffect(() => {
        write('late');
      }, [write]);
      return <TextField {...props} />;
    },
  } as never);
}

it('a write between the first render and the subscriptions is drawn by every node that reads it', () => {
  const s = renderSurface(COMPONENTS, { query: 'early' }, { components: writesOnMount() });
  try {
    expect(s.dataModel().query).toBe('late');
    // The Text rendered 'early' before the write; its subscription found the newer node.
    expect(screen.getByText('late', { selector: '[data-component-id="echo"], [data-component-id="echo"] *' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Query' })).toHaveProperty('value', 'late');
  } finally {
    s.stop();
  }
});

it('a node follows store changes made outside React after it subscribed, and stops when unmounted', () => {
  const s = renderSurface(COMPONENTS, { query: 'one' });
  try {
    const echo = () => document.querySelector('[data-component-id="echo"]')?.textContent;
    expect(echo()).toBe('one');
    act(() => {
      s.store.dispatch(s.a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/query', value: 'two' } }));
    });
    expect(echo()).toBe('two');
    s.view.unmount();
    // No subscriber is left to wake: a later change reaches no unmounted node (React would warn).
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => {
      s.store.dispatch(s.a2ui.actions.messageReceived({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/query', value: 'three' } }));
    });
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  } finally {
    s.stop();
  }
});
