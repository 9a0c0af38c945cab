/** The default component map and `createComponents`, which replaces any part of it. */
import { basicComponents } from './basic';
import { DefaultBusy, DefaultPlaceholder, DefaultValidation } from './states';
import type { A2uiComponents, A2uiNodeComponent, A2uiStateComponents, AnyNodeComponent, BasicComponents } from './types';
import type { CatalogComponentName, CatalogComponentProps } from '../catalog/inferProps';
import type { Catalog } from '../catalog/types';

/** The basic catalog's components with the default state drawings. */
export const defaultComponents: A2uiComponents = Object.freeze({
  nodes: Object.freeze({ ...basicComponents }) as A2uiComponents['nodes'],
  states: Object.freeze({ Placeholder: DefaultPlaceholder, Busy: DefaultBusy, Validation: DefaultValidation }),
});

/** Node components to add or replace: the basic catalog's with their typed props, others by name. */
export type ComponentOverrides = Partial<BasicComponents> & { [component: string]: AnyNodeComponent | undefined };

/** Node components for a catalog's components, each typed with the props `defineCatalog` inferred from its schema. */
export type CatalogNodeComponents<C extends Catalog> = {
  [Name in CatalogComponentName<C>]: A2uiNodeComponent<CatalogComponentProps<C>[Name]>;
};

/** The typed overrides a catalog adds: none for a catalog typed only as `Catalog`. */
type CatalogOverrides<C extends Catalog> = string extends CatalogComponentName<C> ? unknown : Partial<CatalogNodeComponents<C>>;

/**
 * A component map: the defaults with `nodes` and `states` replaced where given. Name a catalog
 * made by `defineCatalog` as the type argument to have its components' props checked too.
 * @example const components = createComponents({ Button: MyButton, StarRating }, { Busy: MySpinner });
 * @example const components = createComponents<typeof shopCatalog>({ ProductCard: MyProductCard });
 */
export function createComponents<C extends Catalog = Catalog>(nodes: ComponentOverrides & CatalogOverrides<C> = {}, states: Partial<A2uiStateComponents> = {}, base: A2uiComponents = defaultComponents): A2uiComponents {
  const merged: Record<string, AnyNodeComponent> = { ...base.nodes };
  for (const [name, component] of Object.entries(nodes)) if (component !== undefined) merged[name] = component;
  return Object.freeze({ nodes: Object.freeze(merged), states: Object.freeze({ ...base.states, ...states }) });
}
