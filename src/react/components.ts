/** The default component map and `createComponents`, which replaces any part of it. */
import { basicComponents } from './basic';
import { DefaultBusy, DefaultPlaceholder, DefaultValidation } from './states';
import type { A2uiComponents, A2uiStateComponents, AnyNodeComponent, BasicComponents } from './types';

/** The basic catalog's components with the default state drawings. */
export const defaultComponents: A2uiComponents = Object.freeze({
  nodes: Object.freeze({ ...basicComponents }) as A2uiComponents['nodes'],
  states: Object.freeze({ Placeholder: DefaultPlaceholder, Busy: DefaultBusy, Validation: DefaultValidation }),
});

/** Node components to add or replace: the basic catalog's with their typed props, others by name. */
export type ComponentOverrides = Partial<BasicComponents> & { [component: string]: AnyNodeComponent | undefined };

/**
 * A component map: the defaults with `nodes` and `states` replaced where given.
 * @example const components = createComponents({ Button: MyButton, StarRating }, { Busy: MySpinner });
 */
export function createComponents(nodes: ComponentOverrides = {}, states: Partial<A2uiStateComponents> = {}, base: A2uiComponents = defaultComponents): A2uiComponents {
  const merged: Record<string, AnyNodeComponent> = { ...base.nodes };
  for (const [name, component] of Object.entries(nodes)) if (component !== undefined) merged[name] = component;
  return Object.freeze({ nodes: Object.freeze(merged), states: Object.freeze({ ...base.states, ...states }) });
}
