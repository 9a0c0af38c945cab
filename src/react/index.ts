/**
 * `a2ui-redux/react`: draws a2ui surfaces in a React app through react-redux. Put
 * `<A2uiProvider a2ui={a2ui}>` inside react-redux's `<Provider store>`, then
 * `<A2uiSurface surfaceId="main" />` wherever a surface goes.
 */
export { A2uiProvider, type A2uiProviderProps, type A2uiContextValue } from './context';
export { A2uiSurface, type A2uiSurfaceProps } from './surface';
export { useA2ui, useA2uiNode, useA2uiWrite, useA2uiAction, useA2uiSurfaces, usePendingAgentCalls } from './hooks';
export { A2uiChild, A2uiChildren, NodeView, useA2uiComponents } from './node';
export { basicComponents } from './basic';
export { createComponents, defaultComponents, type ComponentOverrides, type CatalogNodeComponents } from './components';
export { DefaultBusy, DefaultPlaceholder, DefaultValidation, failedChecks } from './states';
export { a2uiCss } from './styles';
export { createMcpAppHost, type McpAppHost, type McpAppHostOptions, type McpAppListener } from './mcpHost';
export { mcpSandboxHtml } from './sandbox';
export type {
  A2uiComponents,
  A2uiNodeComponent,
  A2uiNodeProps,
  A2uiStateComponents,
  AnyNodeComponent,
  BasicCatalogProps,
  BasicComponentName,
  BasicComponents,
  BusyProps,
  ChildRef,
  PlaceholderKind,
  PlaceholderProps,
  ListWindowing,
  ValidationProps,
} from './types';
export { DEFAULT_LIST_WINDOWING } from './listWindow';
