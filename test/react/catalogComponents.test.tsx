/**
 * @jest-environment jsdom
 *
 * A custom catalog's React components typed by what `defineCatalog` inferred from its schemas:
 * `createComponents<typeof catalog>` checks each component's props type (tsc), and the component
 * draws the resolved props it was promised (jest).
 */
import { screen } from '@testing-library/react';
import { basicCatalog } from '../../src/catalog';
import { defineCatalog } from '../../src/catalog/define';
import { A2uiChild, createComponents, type A2uiNodeProps, type CatalogNodeComponents } from '../../src/react';
import { renderSurface } from './harness';

const STICKERS_ID = 'https://example.com/catalogs/stickers.json';

const stickers = defineCatalog({
  catalogId: STICKERS_ID,
  components: {
    Sticker: {
      type: 'object',
      properties: {
        component: { const: 'Sticker' },
        label: { $ref: 'common_types.json#/$defs/DynamicString' },
        shape: { type: 'string', enum: ['round', 'square'] },
        child: { $ref: 'common_types.json#/$defs/Child' },
      },
      required: ['component', 'label', 'child'],
    },
  },
});

function Sticker({ node, surfaceId }: A2uiNodeProps<{ label: string; shape?: 'round' | 'square'; child: string | null }>) {
  return (
    <figure data-shape={node.props.shape ?? 'round'}>
      <figcaption>{node.props.label.toUpperCase()}</figcaption>
      <A2uiChild surfaceId={surfaceId} value={node.props.child} />
    </figure>
  );
}

function WrongSticker({ node }: A2uiNodeProps<{ label: number }>) {
  return <span>{node.props.label.toFixed(0)}</span>;
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

test('a custom catalog component typed by the catalog draws its resolved props', () => {
  const components = createComponents<typeof stickers>({ Sticker });
  // @ts-expect-error the Sticker's label resolves to a string, not a number
  createComponents<typeof stickers>({ Sticker: WrongSticker });
  // @ts-expect-error a map for the catalog has every one of its components
  const partial: CatalogNodeComponents<typeof stickers> = {};
  expect(partial).toEqual({});

  const s = renderSurface(
    [
      { id: 'root', component: 'Sticker', catalogId: STICKERS_ID, label: { path: '/name' }, shape: 'square', child: 'note' },
      { id: 'note', component: 'Text', text: 'inside' },
    ],
    { name: 'gold star' },
    { components, a2ui: { catalogs: [basicCatalog(), stickers] } },
  );
  stop = s.stop;
  const figure = screen.getByRole('figure');
  expect(figure.getAttribute('data-shape')).toBe('square');
  expect(screen.getByText('GOLD STAR').tagName).toBe('FIGCAPTION');
  expect(screen.getByText('inside').closest('[data-component="Text"]')).not.toBeNull();
});
