/**
 * Every object in the slice's state is frozen after every action (arrays are walked, not frozen,
 * and their elements are frozen), whatever kind of write made the new data model: a leaf in a
 * list row, a new nested object, a write past a list's end, a removal, a root-key update, a
 * replaced model. Checked by walking the whole state, independently of how the reducer froze it.
 */
import { configureStore } from '@reduxjs/toolkit';
import { basicCatalog, BASIC_CATALOG_ID, createA2ui } from '../../src/index';

function unfrozen(value: unknown, at: string, out: string[]): void {
  if (typeof value !== 'object' || value === null) return;
  if (!Array.isArray(value) && !Object.isFrozen(value)) out.push(at);
  for (const [key, child] of Object.entries(value)) unfrozen(child, `${at}/${key}`, out);
}

function setup() {
  const a2ui = createA2ui({ catalogs: [basicCatalog()] });
  const store = configureStore({ reducer: { a2ui: a2ui.reducer }, middleware: (d) => d({ immutableCheck: false, serializableCheck: false }) });
  const rows = Array.from({ length: 50 }, (_, i) => ({ label: `row ${i}`, tags: [{ name: `t${i}` }] }));
  store.dispatch(
    a2ui.actions.messageReceived({
      version: 'v1.0',
      createSurface: {
        surfaceId: 's',
        catalogId: BASIC_CATALOG_ID,
        components: [
          { id: 'root', component: 'Column', children: ['query', 'items'] },
          { id: 'query', component: 'TextField', label: 'Query', value: { path: '/query' } },
          { id: 'items', component: 'List', children: { path: '/rows', componentId: 'row' } },
          { id: 'row', component: 'TextField', label: 'Row', value: { path: 'label' } },
        ],
        dataModel: { query: '', rows },
      },
    }),
  );
  const check = () => {
    const out: string[] = [];
    unfrozen(store.getState().a2ui, '', out);
    expect(store.getState().a2ui.session.lastError).toBeNull();
    return out;
  };
  return { a2ui, store, check };
}

const update = (path: string, value?: unknown) => ({ version: 'v1.0', updateDataModel: value === undefined ? { surfaceId: 's', path } : { surfaceId: 's', path, value } });

describe('the state stays frozen', () => {
  test('after createSurface', () => {
    expect(setup().check()).toEqual([]);
  });

  test('after user input into a list row and into a root field', () => {
    const { a2ui, store, check } = setup();
    store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's', ref: 'row@/rows/7', property: 'value', value: 'typed' }));
    expect(check()).toEqual([]);
    store.dispatch(a2ui.actions.valueWritten({ surfaceId: 's', ref: 'query', property: 'value', value: 'q' }));
    expect(check()).toEqual([]);
  });

  test.each([
    ['a new nested object in a row', update('/rows/3/meta', { a: { b: [{ c: 1 }] } })],
    ['a new object inside an array in a row', update('/rows/4/tags/0', { name: 'x', more: { deep: true } })],
    ['a write past the end of the list', update('/rows/55', { label: 'far', extra: { n: 1 } })],
    ['a missing parent created on the way', update('/fresh/branch/leaf', { v: { w: 1 } })],
    ['a removal (null)', update('/rows/2/label', null)],
    ['a root key', update('/settings', { theme: { dark: true } })],
    ['the whole model', update('/', { query: 'all new', rows: [{ label: 'only', o: { p: 1 } }] })],
  ])('after an updateDataModel: %s', (_name, message) => {
    const { a2ui, store, check } = setup();
    store.dispatch(a2ui.actions.messageReceived(message));
    expect(check()).toEqual([]);
  });
});
