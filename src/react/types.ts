/**
 * The component map's types. A node component receives its resolved node (props already
 * evaluated: bindings read, functions run, child ids replaced by child refs) and its surface.
 * The basic catalog's props are typed as its schema says; a lenient session may still pass a
 * value of another type, so the default components coerce what they read.
 */
import type { ComponentType } from 'react';
import type { ResolvedNode } from '../model/tree';

/** A child reference: an opaque ref of the resolved tree. */
export type ChildRef = string;

/** The props of every node component. */
export interface A2uiNodeProps<P = Record<string, unknown>> {
  node: Omit<ResolvedNode, 'props'> & { props: P & Record<string, unknown> };
  surfaceId: string;
}

/** A component drawing one node. */
export type A2uiNodeComponent<P = Record<string, unknown>> = ComponentType<A2uiNodeProps<P>>;

interface Common {
  accessibility?: { label?: string; description?: string; live?: 'off' | 'polite' | 'assertive'; hidden?: boolean };
  weight?: number;
}
type Justify = 'start' | 'center' | 'end' | 'spaceBetween' | 'spaceAround' | 'spaceEvenly' | 'stretch';
type Align = 'start' | 'center' | 'end' | 'stretch';
interface Check {
  condition?: unknown;
  message?: string;
}

/** The basic catalog's components and their resolved props. */
export interface BasicCatalogProps {
  Text: Common & { text?: string; variant?: 'caption' | 'body' };
  Image: Common & { url?: string; description?: string; fit?: string; variant?: string };
  Icon: Common & { name?: string | { svgPath?: string } };
  Video: Common & { url?: string; posterUrl?: string };
  AudioPlayer: Common & { url?: string; description?: string };
  Row: Common & { justify?: Justify; align?: Align };
  Column: Common & { justify?: Justify; align?: Align };
  List: Common & { direction?: 'vertical' | 'horizontal'; align?: Align };
  Card: Common & { child?: ChildRef };
  Tabs: Common & { tabs?: Array<{ title?: string; child?: ChildRef }> };
  Divider: Common & { axis?: 'horizontal' | 'vertical' };
  Modal: Common & { trigger?: ChildRef; content?: ChildRef };
  Button: Common & { child?: ChildRef; variant?: 'default' | 'primary' | 'borderless'; checks?: Check[] };
  CheckBox: Common & { label?: string; value?: boolean; checks?: Check[] };
  TextField: Common & { label?: string; value?: string | number; placeholder?: string; variant?: 'shortText' | 'longText' | 'number' | 'obscured'; checks?: Check[] };
  DateTimeInput: Common & { label?: string; value?: string; enableDate?: boolean; enableTime?: boolean; min?: string; max?: string; checks?: Check[] };
  ChoicePicker: Common & {
    label?: string;
    value?: string[];
    options?: Array<{ label?: string; value?: string }>;
    variant?: 'multipleSelection' | 'mutuallyExclusive';
    displayStyle?: 'checkbox' | 'chips';
    filterable?: boolean;
    checks?: Check[];
  };
  Slider: Common & { label?: string; value?: number; min?: number; max?: number; steps?: number; checks?: Check[] };
}

export type BasicComponentName = keyof BasicCatalogProps;

/** The basic catalog's components, each with its typed props. */
export type BasicComponents = { [K in BasicComponentName]: A2uiNodeComponent<BasicCatalogProps[K]> };

/** What a placeholder stands for: a broken reference, a blocked URL, or a component with no drawing. */
export type PlaceholderKind = 'missing' | 'unknown' | 'cyclic' | 'blocked' | 'unsupported';

export interface PlaceholderProps {
  kind: PlaceholderKind;
  /** What went wrong, in words. */
  label: string;
  nodeRef: string;
  /** The node, when there is one (not for a missing ref). */
  node?: A2uiNodeProps['node'];
}

/** Drawn only while the node waits for an agent function's response. */
export interface BusyProps {
  /** Always true where the default components draw it. */
  busy: boolean;
}

export interface ValidationProps {
  /** The id the control's `aria-describedby` points at. */
  id: string;
  node: A2uiNodeProps['node'];
}

/** The states every node may be in, drawn by default and replaceable. */
export interface A2uiStateComponents {
  Placeholder: ComponentType<PlaceholderProps>;
  Busy: ComponentType<BusyProps>;
  Validation: ComponentType<ValidationProps>;
}

/**
 * A node component of any props type: the map holds components typed for their own catalog's
 * props, and the node they get is only checked at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNodeComponent = ComponentType<A2uiNodeProps<any>>;

/** A complete component map: node components by catalog component name, and the state drawings. */
export interface A2uiComponents {
  nodes: Readonly<Record<string, AnyNodeComponent>>;
  states: A2uiStateComponents;
}

/** When and how long vertical Lists are windowed (only rows near the viewport drawn). */
export interface ListWindowing {
  /** Lists with more rows than this are windowed (default 100). */
  threshold: number;
  /** Rows drawn beyond each edge of the viewport (default 10). */
  overscan: number;
}
