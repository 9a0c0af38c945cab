/**
 * `isComponent(node, 'Button')`: narrows a resolved node to a component of the basic or the MCP
 * catalog with its props typed, after checking at run time that it is one: the component name and
 * catalog match, it is not a placeholder, and its props hold their declared types. Lenient
 * validation keeps components that fail their schema, and a binding yields whatever the data
 * holds, so a node of the right name can still fail the check. `isComponent(node, 'Card',
 * catalog)` does the same for a component of any catalog, typed by what `defineCatalog` inferred
 * from its schema.
 */
import type { ResolvedNode } from '../model/tree';
import { BASIC_COMPONENT_TYPES, type BasicComponentProps } from './basic/componentTypes';
import { MCP_COMPONENT_TYPES, type McpComponentProps } from '../mcp/catalog/componentTypes';
import { matchesProps, type ComponentPropTypes } from './componentTypes';
import { catalogComponentPropTypes, type CatalogComponentName, type CatalogComponentProps } from './inferProps';
import type { Catalog } from './types';

/** The resolved props of every component `isComponent` knows, by component name. */
export type KnownComponentProps = BasicComponentProps & McpComponentProps;

/** A component name `isComponent` knows. */
export type KnownComponentName = keyof KnownComponentProps;

/** A resolved node of one known component, its props typed. */
export type ComponentNode<Name extends KnownComponentName> = Omit<ResolvedNode, 'component' | 'props'> & {
  component: Name;
  props: KnownComponentProps[Name];
};

/** A resolved node of one component of a catalog, its props typed as the catalog's schema says. */
export type CatalogComponentNode<C extends Catalog, Name extends CatalogComponentName<C>> = Omit<ResolvedNode, 'component' | 'props'> & {
  component: Name;
  props: CatalogComponentProps<C>[Name];
};

let known: Map<string, { catalogId: string; types: ComponentPropTypes }> | undefined;

/**
 * The basic or MCP component called `name`. The table is made on first use: one filled at load
 * would keep both catalogs' prop types in every bundle of the built chunk this module shares.
 */
function knownComponent(name: string): { catalogId: string; types: ComponentPropTypes } | undefined {
  if (known === undefined) {
    known = new Map();
    for (const catalog of [BASIC_COMPONENT_TYPES, MCP_COMPONENT_TYPES]) {
      for (const [component, types] of Object.entries<ComponentPropTypes>(catalog.components)) {
        known.set(component, { catalogId: catalog.catalogId, types });
      }
    }
  }
  return known.get(name);
}

/** Whether `node` is a `name` component of its catalog (the basic or the MCP catalog) with props of the declared types. */
export function isComponent<Name extends KnownComponentName>(
  node: ResolvedNode | null | undefined,
  name: Name,
): node is ComponentNode<Name>;
/** Whether `node` is a `name` component of `catalog` with props of the types its schema declares. */
export function isComponent<C extends Catalog, Name extends CatalogComponentName<C>>(
  node: ResolvedNode | null | undefined,
  name: Name,
  catalog: C,
): node is CatalogComponentNode<C, Name>;
export function isComponent(node: ResolvedNode | null | undefined, name: string, catalog?: Catalog): boolean {
  const expected = catalog === undefined ? knownComponent(name) : ofCatalog(catalog, name);
  if (expected === undefined || node === null || node === undefined) return false;
  if (node.component !== name || node.catalogId !== expected.catalogId || node.placeholder !== undefined) return false;
  return matchesProps(node.props, expected.types);
}

function ofCatalog(catalog: Catalog, name: string): { catalogId: string; types: ComponentPropTypes } | undefined {
  const types = catalogComponentPropTypes(catalog, name);
  return types === undefined ? undefined : { catalogId: catalog.catalogId, types };
}
