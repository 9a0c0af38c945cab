/**
 * @jest-environment jsdom
 *
 * <A2uiSurface> and the provider: placeholders, busy nodes, diagnostics and the fallback drawn by
 * default; createComponents replacing node components and state drawings; the hooks; two
 * instances side by side.
 */
import { configureStore } from '@reduxjs/toolkit';
import { act, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { basicCatalog } from '../../src/catalog';
import { createA2ui } from '../../src/createA2ui';
import {
  A2uiChild,
  A2uiProvider,
  A2uiSurface,
  createComponents,
  useA2uiAction,
  useA2uiNode,
  useA2uiSurfaces,
  usePendingAgentCalls,
  type A2uiNodeProps,
  type BasicCatalogProps,
  type PlaceholderProps,
} from '../../src/react';
import { createSetup, renderSurface, renderWith, surfaceMessage } from './harness';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('default state drawings', () => {
  it('a component never sent and an unknown type show as notes naming what is wrong', () => {
    const s = renderSurface([
      { id: 'root', component: 'Column', children: ['gone', 'odd'] },
      { id: 'odd', component: 'Hologram' },
    ]);
    stop = s.stop;
    const notes = screen.getAllByRole('note');
    const kinds = notes.map((n) => n.getAttribute('data-placeholder'));
    expect(kinds).toEqual(['missing', 'unknown']);
    expect(notes.find((n) => n.getAttribute('data-placeholder') === 'missing')?.textContent).toContain('gone');
    expect(notes.find((n) => n.getAttribute('data-placeholder') === 'unknown')?.textContent).toContain('Hologram');
    // The resolver's diagnostics are listed under the surface.
    const codes = Array.from(screen.getByRole('list', { name: 'Diagnostics' }).querySelectorAll('[data-code]')).map((li) => li.getAttribute('data-code'));
    expect(codes).toEqual(expect.arrayContaining(['MISSING_CHILD', 'UNKNOWN_COMPONENT']));
  });

  it('a node waiting for an agent function is aria-busy with a status spinner until the agent answers', () => {
    const s = renderSurface([{ id: 'root', component: 'Text', text: { call: 'quote', args: { to: 'Tokyo' } } }]);
    stop = s.stop;
    const text = document.querySelector('[data-component-id="root"]') as HTMLElement;
    expect(text.getAttribute('aria-busy')).toBe('true');
    expect(within(text).getByRole('status', { name: 'Waiting for the agent' })).toBeTruthy();
    const call = s.sent.map((m) => m.callAgentFunction as { functionCallId: string } | undefined).find(Boolean);
    expect(call).toBeDefined();
    s.receive({ version: 'v1.0', agentFunctionResponse: { functionCallId: call?.functionCallId, value: 'From €640' } });
    expect(text.getAttribute('aria-busy')).toBeNull();
    expect(within(text).queryByRole('status')).toBeNull();
    expect(text.textContent).toBe('From €640');
  });

  it('draws the fallback until the surface has a root', () => {
    const s = createSetup();
    stop = s.stop;
    renderWith(s, <A2uiSurface surfaceId="s" fallback={<p>Loading…</p>} />);
    expect(screen.getByText('Loading…')).toBeTruthy();
    s.receive(surfaceMessage('s', [{ id: 'root', component: 'Text', text: 'Ready' }]));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('Ready')).toBeTruthy();
  });
});

describe('createComponents', () => {
  it('replaces a basic component with typed props, adds a custom one, and replaces the placeholder', () => {
    function MyButton({ node, surfaceId }: A2uiNodeProps<BasicCatalogProps['Button']>) {
      const act = useA2uiAction(surfaceId, node.ref);
      return (
        <button type="button" className="mine" data-variant={node.props.variant} onClick={act}>
          <A2uiChild surfaceId={surfaceId} value={node.props.child} />
        </button>
      );
    }
    function Stars({ node }: A2uiNodeProps<{ count?: number }>) {
      return <span role="img" aria-label={`${node.props.count ?? 0} stars`} />;
    }
    function MyPlaceholder({ kind, nodeRef }: PlaceholderProps) {
      return <em data-mine={kind}>{nodeRef}</em>;
    }
    const components = createComponents({ Button: MyButton, Stars }, { Placeholder: MyPlaceholder });
    const s = renderSurface(
      [
        { id: 'root', component: 'Column', children: ['go', 'gone'] },
        { id: 'go', component: 'Button', variant: 'primary', child: 'label', action: { event: { name: 'go' } } },
        { id: 'label', component: 'Text', text: 'Go' },
      ],
      {},
      { components },
    );
    stop = s.stop;
    const button = screen.getByRole('button', { name: 'Go' });
    expect(button.className).toBe('mine');
    expect(button.getAttribute('data-variant')).toBe('primary');
    expect(document.querySelector('[data-mine="missing"]')).not.toBeNull();
    // The Text inside the custom button is still the default one.
    expect(within(button).getByText('Go').closest('[data-component="Text"]')).not.toBeNull();
    act(() => button.click());
    return new Promise<void>((done) =>
      setTimeout(() => {
        expect(s.actions().map((a) => a.name)).toEqual(['go']);
        done();
      }, 20),
    );
  });
});

describe('hooks and providers', () => {
  it('useA2uiSurfaces lists the surfaces; usePendingAgentCalls the calls still waiting; useA2uiNode one node', () => {
    const s = createSetup();
    stop = s.stop;
    function Probe() {
      const surfaces = useA2uiSurfaces();
      const pending = usePendingAgentCalls();
      const root = useA2uiNode('b', 'root');
      return <output data-testid="probe">{JSON.stringify({ surfaces, pending: pending.length, root: root?.props.text ?? null })}</output>;
    }
    renderWith(s, <Probe />);
    const read = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as { surfaces: string[]; pending: number; root: unknown };
    expect(read()).toEqual({ surfaces: [], pending: 0, root: null });
    s.receive(surfaceMessage('b', [{ id: 'root', component: 'Text', text: 'bee' }]));
    s.receive(surfaceMessage('a', [{ id: 'root', component: 'Text', text: { call: 'slow', args: {} } }]));
    expect(read()).toEqual({ surfaces: ['a', 'b'], pending: 1, root: 'bee' });
  });

  it('two instances, each with its own store, draw side by side', () => {
    const left = createSetup();
    const right = createSetup();
    stop = () => {
      left.stop();
      right.stop();
    };
    left.receive(surfaceMessage('s', [{ id: 'root', component: 'Text', text: 'left side' }]));
    right.receive(surfaceMessage('s', [{ id: 'root', component: 'Text', text: 'right side' }]));
    render(
      <>
        <div data-testid="left">
          <Provider store={left.store}>
            <A2uiProvider a2ui={left.a2ui}>
              <A2uiSurface surfaceId="s" />
            </A2uiProvider>
          </Provider>
        </div>
        <div data-testid="right">
          <Provider store={right.store}>
            <A2uiProvider a2ui={right.a2ui}>
              <A2uiSurface surfaceId="s" />
            </A2uiProvider>
          </Provider>
        </div>
      </>,
    );
    expect(screen.getByTestId('left').textContent).toBe('left side');
    expect(screen.getByTestId('right').textContent).toBe('right side');
  });

  it('selectSlice finds an instance mounted under another key', () => {
    const chat = createA2ui({ catalogs: [basicCatalog()] });
    const store = configureStore({ reducer: { chat: chat.reducer } });
    store.dispatch(chat.actions.messageReceived(surfaceMessage('s', [{ id: 'root', component: 'Text', text: 'under chat' }])));
    const selectChat = (state: { chat: ReturnType<typeof chat.reducer> }) => state.chat;
    render(
      <Provider store={store}>
        <A2uiProvider a2ui={chat} selectSlice={selectChat}>
          <A2uiSurface surfaceId="s" />
        </A2uiProvider>
      </Provider>,
    );
    expect(screen.getByText('under chat')).toBeTruthy();
  });

  it('a surface outside any provider is a host mistake that names the fix', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<A2uiSurface surfaceId="s" />)).toThrow(/A2uiProvider/);
    } finally {
      spy.mockRestore();
    }
  });
});
