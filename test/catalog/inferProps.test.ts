/**
 * Resolved prop types of a custom catalog: what `defineCatalog` infers from literal component
 * schemas (checked by `tsc --noEmit`: the `expectType` lines and the `@ts-expect-error` lines),
 * the same facts at run time (`componentPropTypes`), and `isComponent(node, name, catalog)` over a
 * real session. Values of an inferred type pass the run-time check and values the type refuses
 * fail it, so the two readings of a schema cannot drift apart unnoticed. Expected types are
 * written from the rules (DynamicString → string, Child → NodeRef | null, …), not copied.
 */
import { defineCatalog } from '../../src/catalog/define';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog/basic';
import { isComponent } from '../../src/catalog/isComponent';
import { matchesProps } from '../../src/catalog/componentTypes';
import {
  catalogComponentPropTypes,
  componentPropTypes,
  type CatalogComponentName,
  type CatalogComponentProps,
  type InferComponentProps,
  type PropTypeOfSchema,
} from '../../src/catalog/inferProps';
import type { Catalog, CatalogDefinitionInput, JsonSchema } from '../../src/catalog/types';
import { createSession, handleMessage, resolvedTree, type SessionOptions } from '../../src/session/session';
import type { ResolvedNode } from '../../src/model/tree';
import type { Action } from '../../src/protocol/common';

/** True when A and B are the same type (not merely assignable either way). */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compiles only when its type argument is `true`. */
function expectType<T extends true>(): T | undefined {
  return undefined;
}

const SHOP_ID = 'https://example.com/catalogs/shop.json';
const COMMON = 'common_types.json#/$defs/';

const shop = defineCatalog({
  catalogId: SHOP_ID,
  components: {
    ProductCard: {
      type: 'object',
      allOf: [
        { $ref: `${COMMON}ComponentCommon` },
        { $ref: `${COMMON}Checkable` },
        {
          type: 'object',
          properties: {
            component: { const: 'ProductCard' },
            title: { $ref: `${COMMON}DynamicString` },
            price: { $ref: `${COMMON}DynamicNumber` },
            inStock: { $ref: `${COMMON}DynamicBoolean` },
            tags: { $ref: `${COMMON}DynamicStringList` },
            image: { $ref: `${COMMON}Child` },
            details: { $ref: `${COMMON}ChildList` },
            buy: { $ref: `${COMMON}Action` },
            tone: { type: 'string', enum: ['info', 'sale'] },
            size: { $ref: '#/$defs/Size' },
            extra: { $ref: `${COMMON}DynamicValue` },
            badge: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
            rating: { type: 'object', properties: { stars: { type: 'integer' }, count: { type: 'number' } }, required: ['stars'] },
            variants: {
              type: 'array',
              items: { type: 'object', properties: { label: { $ref: `${COMMON}DynamicString` }, child: { $ref: `${COMMON}Child` } }, required: ['label', 'child'] },
            },
          },
          required: ['component', 'title', 'buy'],
        },
      ],
    },
    Note: {
      type: 'object',
      properties: {
        component: { const: 'Note' },
        text: { type: 'string' },
        attributes: { type: 'object', patternProperties: { '^data-': { type: 'string' } } },
        scores: { type: 'object', additionalProperties: { type: 'number' } },
        style: { $ref: '#/$defs/NotDefined' },
        either: { type: ['string', 'null'] },
      },
      required: ['component', 'text'],
    },
    Spacer: { type: 'object', properties: { component: { const: 'Spacer' } }, required: ['component'] },
  },
  defs: { Size: { type: 'string', enum: ['s', 'm', 'l'] } },
});

type ShopProps = CatalogComponentProps<typeof shop>;

describe('defineCatalog infers resolved props from literal schemas', () => {
  test('each common type, enum, union, object and array resolves to its type', () => {
    expectType<Equal<CatalogComponentName<typeof shop>, 'ProductCard' | 'Note' | 'Spacer'>>();
    expectType<
      Equal<
        ShopProps['ProductCard'],
        {
          title: string;
          buy: Action;
          price?: number;
          inStock?: boolean;
          tags?: string[];
          image?: string | null;
          details?: string[];
          tone?: 'info' | 'sale';
          size?: 's' | 'm' | 'l';
          extra?: unknown;
          badge?: string | number;
          rating?: { stars: number; count?: number };
          variants?: Array<{ label: string; child: string | null }>;
        }
      >
    >();
    // Too dynamic to type: an object with only patternProperties, a ref to a def the catalog lacks,
    // and a union with a type the rules do not know (null).
    expectType<
      Equal<
        ShopProps['Note'],
        { text: string; attributes?: Record<string, unknown>; scores?: Record<string, number>; style?: unknown; either?: unknown }
      >
    >();
    // No props besides `component`: any record.
    expectType<Equal<ShopProps['Spacer'], Record<string, unknown>>>();
    expect(Object.keys(shop.components)).toEqual(['ProductCard', 'Note', 'Spacer']);
  });

  test('the run-time reading of the schemas says the same', () => {
    expect(catalogComponentPropTypes(shop, 'ProductCard')).toEqual({
      object: {
        title: 'string',
        price: 'number',
        inStock: 'boolean',
        tags: { array: 'string' },
        image: 'ref',
        details: 'refs',
        buy: 'action',
        tone: { enum: ['info', 'sale'] },
        size: { enum: ['s', 'm', 'l'] },
        extra: 'unknown',
        badge: { oneOf: ['string', 'number'] },
        rating: { object: { stars: 'number', count: 'number' }, required: ['stars'] },
        variants: { array: { object: { label: 'string', child: 'ref' }, required: ['label', 'child'] } },
      },
      required: ['title', 'buy'],
    });
    expect(catalogComponentPropTypes(shop, 'Note')).toEqual({
      object: { text: 'string', attributes: { record: 'unknown' }, scores: { record: 'number' }, style: 'unknown', either: 'unknown' },
      required: ['text'],
    });
    expect(catalogComponentPropTypes(shop, 'Spacer')).toEqual({ object: {}, required: [] });
    expect(catalogComponentPropTypes(shop, 'Missing')).toBeUndefined();
    expect(catalogComponentPropTypes(shop, 'constructor')).toBeUndefined();
  });

  test('a value of the inferred type passes the run-time check; one the type refuses fails it', () => {
    const types = catalogComponentPropTypes(shop, 'ProductCard');
    if (types === undefined) throw new Error('ProductCard has no prop types');
    const good: ShopProps['ProductCard'] = {
      title: 'Kettle',
      buy: { event: { name: 'buy' } },
      image: null,
      details: ['ref-1'],
      tone: 'sale',
      size: 'm',
      badge: 3,
      rating: { stars: 4 },
      variants: [{ label: 'Red', child: 'ref-2' }],
    };
    expect(matchesProps(good, types)).toBe(true);

    // @ts-expect-error title resolves to a string
    const numberTitle: ShopProps['ProductCard'] = { title: 3, buy: { event: { name: 'buy' } } };
    // @ts-expect-error buy is required
    const noAction: ShopProps['ProductCard'] = { title: 'Kettle' };
    // @ts-expect-error tone is one of its enum's values
    const badTone: ShopProps['ProductCard'] = { title: 'Kettle', buy: { event: { name: 'buy' } }, tone: 'loud' };
    // @ts-expect-error a variant's label is required
    const badVariant: ShopProps['ProductCard'] = { title: 'Kettle', buy: { event: { name: 'buy' } }, variants: [{ child: null }] };
    // @ts-expect-error rating.stars is a number
    const badRating: ShopProps['ProductCard'] = { title: 'Kettle', buy: { event: { name: 'buy' } }, rating: { stars: 'four' } };
    for (const bad of [numberTitle, noAction, badTone, badVariant, badRating]) expect(matchesProps(bad, types)).toBe(false);
  });

  test('a schema the type checker cannot read types its props as any record', () => {
    const wide: JsonSchema = { type: 'object', properties: { a: { type: 'string' } } };
    expectType<Equal<InferComponentProps<typeof wide>, Record<string, unknown>>>();
    expectType<Equal<InferComponentProps<true>, Record<string, unknown>>>();
    expectType<Equal<PropTypeOfSchema<{ type: string }>, unknown>>();
    // Which names are required is not known: every prop is optional.
    expectType<Equal<InferComponentProps<{ properties: { a: { type: 'string' } }; required: string[] }>, { a?: string }>>();
    // A later allOf part's property replaces an earlier one's.
    expectType<
      Equal<InferComponentProps<{ allOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { type: 'number' } } }] }>, { a?: number }>
    >();
    expect(componentPropTypes({ allOf: [{ properties: { a: { type: 'string' } } }, { properties: { a: { type: 'number' } } }] }, {})).toEqual({
      object: { a: 'number' },
      required: [],
    });

    const input: CatalogDefinitionInput = { catalogId: 'https://example.com/wide.json', components: { Box: wide } };
    const fromVariable = defineCatalog(input);
    expectType<Equal<CatalogComponentName<typeof fromVariable>, string>>();
    expectType<Equal<CatalogComponentProps<typeof fromVariable>['Box'], Record<string, unknown>>>();
    const untyped: Catalog = fromVariable;
    expectType<Equal<CatalogComponentProps<typeof untyped>, Record<string, Record<string, unknown>>>>();
    expect(catalogComponentPropTypes(fromVariable, 'Box')).toEqual({ object: { a: 'string' }, required: [] });
  });

  test('recursive defs end as unknown at the type level and at run time', () => {
    const tree = defineCatalog({
      catalogId: 'https://example.com/tree.json',
      components: { Tree: { type: 'object', properties: { root: { $ref: '#/$defs/Node' } } } },
      defs: { Node: { type: 'object', properties: { label: { type: 'string' }, next: { $ref: '#/$defs/Node' } } } },
    });
    type Root = NonNullable<CatalogComponentProps<typeof tree>['Tree']['root']>;
    expectType<Equal<Root['label'], string | undefined>>();
    const deep = { label: 'a', next: { label: 'b', next: { label: 'c' } } };
    const types = catalogComponentPropTypes(tree, 'Tree');
    if (types === undefined) throw new Error('Tree has no prop types');
    expect(matchesProps({ root: deep }, types)).toBe(true);
    expect(matchesProps({ root: { label: 1 } }, types)).toBe(false);
  });

  test('an option name the definition does not have is still a type error', () => {
    // @ts-expect-error `component` is not an option (`components` is)
    const typo = () => defineCatalog({ catalogId: 'https://example.com/typo.json', component: {} });
    expect(typo).not.toThrow();
  });
});

/** The resolved nodes of one surface of `catalogId` built from `components`, by component id. */
function nodesOf(components: object[], dataModel: object = {}, options: SessionOptions = {}): Record<string, ResolvedNode> {
  const session = createSession([basicCatalog(), shop], options);
  const result = handleMessage(session, [
    { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: SHOP_ID } },
    { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/', value: dataModel } },
    { version: 'v1.0', updateComponents: { surfaceId: 's', components } },
  ]);
  if (!result.ok) throw new Error(result.error.message);
  const byId: Record<string, ResolvedNode> = {};
  for (const node of Object.values(resolvedTree(result.session, 's')?.nodes ?? {})) byId[node.componentId] = node;
  return byId;
}

describe('isComponent with a catalog', () => {
  const card = {
    id: 'root',
    component: 'ProductCard',
    title: { path: '/name' },
    price: { path: '/price' },
    image: 'photo',
    details: ['caption'],
    buy: { event: { name: 'buy' } },
    size: 'l',
    variants: [{ label: 'Red', child: 'caption' }],
  };
  const photo = { id: 'photo', component: 'Image', catalogId: BASIC_CATALOG_ID, url: 'https://example.com/kettle.png' };
  const caption = { id: 'caption', component: 'Note', text: 'Boils fast' };

  test('narrows a custom component to its inferred props after checking them', () => {
    const nodes = nodesOf([card, photo, caption], { name: 'Kettle', price: 30 });
    const root = nodes['root'];
    expect(isComponent(root, 'ProductCard', shop)).toBe(true);
    if (!isComponent(root, 'ProductCard', shop)) return;
    // These lines type-check only because the guard narrowed the props.
    const title: string = root.props.title;
    const price: number | undefined = root.props.price;
    const image: string | null | undefined = root.props.image;
    const label: string | undefined = root.props.variants?.[0]?.label;
    expect([title, price, image, label]).toEqual(['Kettle', 30, nodes['photo']?.ref, 'Red']);
    expect(root.props.details).toEqual([nodes['caption']?.ref]);
    // @ts-expect-error ProductCard has no `text`
    expect(root.props.text).toBeUndefined();

    expect(isComponent(nodes['caption'], 'Note', shop)).toBe(true);
    expect(isComponent(root, 'Note', shop)).toBe(false);
    // The basic catalog's Image is not the shop's, nor a ProductCard.
    expect(isComponent(nodes['photo'], 'Image')).toBe(true);
    expect(isComponent(nodes['photo'], 'ProductCard', shop)).toBe(false);
  });

  test('a bound prop whose data has another type, or none, fails the check', () => {
    const nodes = nodesOf([card, photo, caption], { name: 42, price: 30 });
    expect(nodes['root']?.props['title']).toBe(42);
    expect(isComponent(nodes['root'], 'ProductCard', shop)).toBe(false);
    // A binding to a path the data model lacks resolves to null, which is not a number.
    const unpriced = nodesOf([card, photo, caption], { name: 'Kettle' });
    expect(unpriced['root']?.props['price']).toBeNull();
    expect(isComponent(unpriced['root'], 'ProductCard', shop)).toBe(false);
  });

  test('a component lenient validation keeps without a required prop fails the check', () => {
    const { buy: _buy, ...withoutAction } = card;
    const nodes = nodesOf([withoutAction, photo, caption], { name: 'Kettle' }, { validation: 'lenient' });
    expect(nodes['root']?.component).toBe('ProductCard');
    expect(isComponent(nodes['root'], 'ProductCard', shop)).toBe(false);
  });

  test('a name the catalog lacks, a placeholder and no node are never its components', () => {
    const nodes = nodesOf([{ id: 'root', component: 'Gone' }], {}, { validation: 'lenient' });
    expect(nodes['root']?.placeholder).toBe('unknown');
    // @ts-expect-error the shop has no `Gone`
    expect(isComponent(nodes['root'], 'Gone', shop)).toBe(false);
    expect(isComponent(undefined, 'Note', shop)).toBe(false);
    expect(isComponent(null, 'Spacer', shop)).toBe(false);
  });

  test('a catalog typed only as Catalog checks at run time and types props as a record', () => {
    const untyped: Catalog = shop;
    const nodes = nodesOf([card, photo, caption], { name: 'Kettle', price: 30 });
    const root = nodes['root'];
    expect(isComponent(root, 'ProductCard', untyped)).toBe(true);
    if (isComponent(root, 'ProductCard', untyped)) expectType<Equal<typeof root.props, Record<string, unknown>>>();
    // The basic catalog's schemas are read the same way when it is named.
    expect(isComponent(nodes['photo'], 'Image', basicCatalog())).toBe(true);
  });
});
