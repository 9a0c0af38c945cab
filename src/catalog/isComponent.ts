/**
 * `isComponent(node, 'Button')`: narrows a resolved node to a component of the basic or the MCP
 * catalog with its props typed, after checking at run time that it is one: the component name and
 * catalog match, it is not a placeholder, and its props hold their declared types. Lenient
 * validation keeps components that fail their schema, and a binding yields whatever the data
 * holds, so a node of the right name can still fail the check.
 */
import type { ResolvedNode } from '../model/tree';
import { BASIC_COMPONENT_TYPES, type BasicComponentProps } from './basic/componentTypes';
import { MCP_COMPONENT_TYPES, type McpComponentProps } from '../mcp/catalog/componentTypes';
import { matchesProps, type ComponentPropTypes } from './componentTypes';

/** The resolved props of every component `isComponent` knows, by component name. */
export type KnownComponentProps = BasicComponentProps & McpComponentProps;

/** A component name `isComponent` knows. */
export type KnownComponentName = keyof KnownComponentProps;

/** A resolved node of one known component, its props typed. */
export type ComponentNode<Name extends KnownComponentName> = Omit<ResolvedNode, 'component' | 'props'> & {
  component: Name;
  props: KnownComponentProps[Name];
};

const KNOWN = new Map<string, { catalogId: string; types: ComponentPropTypes }>();
for (const catalog of [BASIC_COMPONENT_TYPES, MCP_COMPONENT_TYPES]) {
  for (const [name, types] of Object.entries<ComponentPropTypes>(catalog.components)) KNOWN.set(name, { catalogId: catalog.catalogId, types });
}

/** Whether `node` is a `name` component of its catalog with props of the declared types. */
export function isComponent<Name extends KnownComponentName>(
  node: ResolvedNode | null | undefined,
  name: Name,
): node is ComponentNode<Name> {
  const known = KNOWN.get(name);
  if (known === undefined || node === null || node === undefined) return false;
  if (node.component !== name || node.catalogId !== known.catalogId || node.placeholder !== undefined) return false;
  return matchesProps(node.props, known.types);
}

