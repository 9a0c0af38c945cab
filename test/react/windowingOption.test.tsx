/**
 * @jest-environment jsdom
 *
 * `<A2uiSurface windowing>` is host configuration: a value that is not a number (NaN, a string)
 * is a mistake that throws, naming the option, instead of drawing a list from NaN row indexes.
 */
import { renderSurface } from './harness';

const listSurface = [
  { id: 'root', component: 'List', children: { path: '/items', componentId: 'row' } },
  { id: 'row', component: 'Text', text: { path: 'label' } },
];
const items = Array.from({ length: 150 }, (_, i) => ({ label: `row ${i}` }));

test.each([
  ['overscan', { overscan: Number.NaN }],
  ['overscan', { overscan: '5' }],
  ['threshold', { threshold: Number.NaN }],
  ['threshold', { threshold: null }],
])('windowing.%s %p throws naming the option', (name, windowing) => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    expect(() => renderSurface(listSurface, { items }, { surface: { windowing: windowing as never } })).toThrow(new RegExp(`windowing\\.${name}`));
  } finally {
    errors.mockRestore();
  }
});

test('numbers are accepted as before: a negative overscan counts as none, an infinite threshold draws every row', () => {
  const s = renderSurface(listSurface, { items }, { surface: { windowing: { overscan: -3, threshold: Number.POSITIVE_INFINITY } } });
  try {
    expect(s.view.getAllByRole('listitem')).toHaveLength(items.length);
  } finally {
    s.stop();
  }
});
