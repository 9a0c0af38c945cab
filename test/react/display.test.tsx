/**
 * @jest-environment jsdom
 *
 * The basic catalog's display and layout components: what they draw, their roles and accessible
 * names (the accessibility props as ARIA), their placeholders, and bound values following the
 * data model.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderSurface } from './harness';

let stop: (() => void) | undefined;
afterEach(() => stop?.());
function draw(...args: Parameters<typeof renderSurface>) {
  const setup = renderSurface(...args);
  stop = setup.stop;
  return setup;
}
const node = (id: string) => document.querySelector(`[data-component-id="${id}"]`) as HTMLElement;

describe('Text', () => {
  it('draws simple Markdown as elements, never as HTML', () => {
    draw([{ id: 'root', component: 'Text', text: 'Some **bold**, *italic* and `code` <b>not html</b>' }]);
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(screen.getByText('italic').tagName).toBe('EM');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(node('root').querySelector('b')).toBeNull();
    expect(node('root').textContent).toContain('<b>not html</b>');
  });

  it('follows the data path it is bound to', () => {
    const s = draw([{ id: 'root', component: 'Text', text: { path: '/greeting' }, variant: 'caption' }], { greeting: 'Hello' });
    expect(node('root').textContent).toBe('Hello');
    expect(node('root').className).toContain('a2ui-text-caption');
    s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/greeting', value: 'Bonjour' } });
    expect(node('root').textContent).toBe('Bonjour');
  });

  it('carries label, live region, hidden and description as ARIA', () => {
    draw([{ id: 'root', component: 'Text', text: 'Status', accessibility: { label: 'Booking status', live: 'polite', description: 'Updated by the agent' } }]);
    const el = node('root');
    expect(el.getAttribute('aria-label')).toBe('Booking status');
    expect(el.getAttribute('aria-live')).toBe('polite');
    const described = document.getElementById(el.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Updated by the agent');
  });
});

describe('Image', () => {
  it('draws an img whose alt text is the description', () => {
    draw([{ id: 'root', component: 'Image', url: 'https://example.com/a.png', description: 'A lake', variant: 'avatar', fit: 'cover' }]);
    const img = screen.getByRole('img', { name: 'A lake' });
    expect(img.getAttribute('src')).toBe('https://example.com/a.png');
    expect(node('root').className).toContain('a2ui-image-avatar');
  });

  it('shows a placeholder instead of a URL with a scheme it does not load', () => {
    draw([{ id: 'root', component: 'Image', url: 'javascript:alert(1)', description: 'x' }]);
    expect(screen.queryByRole('img')).toBeNull();
    const note = screen.getByRole('note');
    expect(note.getAttribute('data-placeholder')).toBe('blocked');
    expect(note.textContent).toContain('javascript:alert(1)');
  });
});

describe('Icon', () => {
  it('is an img named by its label, else by the icon name', () => {
    draw([
      { id: 'root', component: 'Row', children: ['a', 'b', 'c'] },
      { id: 'a', component: 'Icon', name: 'search', accessibility: { label: 'Search flights' } },
      { id: 'b', component: 'Icon', name: 'star' },
      { id: 'c', component: 'Icon', name: { svgPath: 'M0 0 L10 10' } },
    ]);
    expect(screen.getByRole('img', { name: 'Search flights' })).toBe(node('a'));
    expect(screen.getByRole('img', { name: 'star' })).toBe(node('b'));
    expect(node('c').querySelector('path')?.getAttribute('d')).toBe('M0 0 L10 10');
  });
});

describe('Video and AudioPlayer', () => {
  it('draw native media elements with controls; the audio is named by its description', () => {
    draw([
      { id: 'root', component: 'Column', children: ['v', 'a'] },
      { id: 'v', component: 'Video', url: 'https://example.com/v.mp4' },
      { id: 'a', component: 'AudioPlayer', url: 'https://example.com/a.mp3', description: 'Boarding call' },
    ]);
    const video = node('v').querySelector('video') as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('https://example.com/v.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    const audio = node('a').querySelector('audio') as HTMLAudioElement;
    expect(audio.getAttribute('aria-label')).toBe('Boarding call');
    expect(within(node('a')).getByText('Boarding call').tagName).toBe('FIGCAPTION');
  });

  it('show a placeholder for a URL that is not http(s)', () => {
    draw([{ id: 'root', component: 'Video', url: 'file:///etc/passwd' }]);
    expect(screen.getByRole('note').getAttribute('data-placeholder')).toBe('blocked');
  });
});

describe('Row, Column, List and Card', () => {
  it('draw their children in order, with the layout as flex styles', () => {
    draw([
      { id: 'root', component: 'Column', children: ['row', 'card'] },
      { id: 'row', component: 'Row', justify: 'spaceBetween', align: 'center', children: ['one', 'two'] },
      { id: 'one', component: 'Text', text: 'one', weight: 2 },
      { id: 'two', component: 'Text', text: 'two' },
      { id: 'card', component: 'Card', child: 'inside' },
      { id: 'inside', component: 'Text', text: 'in the card' },
    ]);
    const row = node('row');
    expect(row.style.flexDirection).toBe('row');
    expect(row.style.justifyContent).toBe('space-between');
    expect(row.style.alignItems).toBe('center');
    expect(node('root').style.flexDirection).toBe('column');
    expect(row.textContent).toBe('onetwo');
    expect(node('one').style.flexGrow).toBe('2');
    expect(within(node('card')).getByText('in the card')).toBeTruthy();
  });

  it('a List is a list with one listitem per template item, following the data', () => {
    const s = draw(
      [
        { id: 'root', component: 'List', children: { path: '/items', componentId: 'item' } },
        { id: 'item', component: 'Text', text: { path: 'label' } },
      ],
      { items: [{ label: 'apples' }, { label: 'pears' }] },
    );
    const list = screen.getByRole('list');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['apples', 'pears']);
    s.receive({ version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/items/2', value: { label: 'plums' } } });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['apples', 'pears', 'plums']);
  });
});

describe('Divider', () => {
  it('is a separator, vertical when its axis says so', () => {
    draw([
      { id: 'root', component: 'Row', children: ['h', 'v'] },
      { id: 'h', component: 'Divider' },
      { id: 'v', component: 'Divider', axis: 'vertical' },
    ]);
    const separators = screen.getAllByRole('separator');
    expect(separators).toHaveLength(2);
    expect(node('h').tagName).toBe('HR');
    expect(node('v').getAttribute('aria-orientation')).toBe('vertical');
  });
});

describe('Tabs', () => {
  const tabs = [
    { id: 'root', component: 'Tabs', tabs: [{ title: 'First', child: 'a' }, { title: 'Second', child: 'b' }, { title: 'Third', child: 'c' }] },
    { id: 'a', component: 'Text', text: 'panel A' },
    { id: 'b', component: 'Text', text: 'panel B' },
    { id: 'c', component: 'Text', text: 'panel C' },
  ];

  it('is a tablist whose selected tab controls the panel', () => {
    draw(tabs);
    expect(screen.getByRole('tablist')).toBeTruthy();
    const first = screen.getByRole('tab', { name: 'First' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel A');
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('panel B');
  });

  it('moves with the arrow keys, Home and End, and one tab is in the tab order', () => {
    draw(tabs);
    const first = screen.getByRole('tab', { name: 'First' });
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    act(() => first.focus());
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel C');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Third' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel A');
    fireEvent.keyDown(document.activeElement as Element, { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel C');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('panel A');
  });
});

describe('Modal', () => {
  it('opens a dialog from its trigger (not acting on it) and closes', () => {
    const s = draw([
      { id: 'root', component: 'Modal', trigger: 'open', content: 'body' },
      { id: 'open', component: 'Button', child: 'open_label', action: { event: { name: 'opened' } } },
      { id: 'open_label', component: 'Text', text: 'Rules' },
      { id: 'body', component: 'Text', text: 'The fare rules' },
    ]);
    expect(screen.queryByText('The fare rules')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Rules' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('The fare rules')).toBeTruthy();
    expect(s.actions()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('The fare rules')).toBeNull();
  });
});
