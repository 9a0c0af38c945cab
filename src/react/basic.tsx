/**
 * The basic catalog's 18 components as plain semantic HTML: native controls (so keyboard use and
 * roles come with them), the node's accessibility props as ARIA, failed checks linked through
 * `aria-describedby`, busy nodes marked `aria-busy`. Every class starts with `a2ui-`; the look is
 * in styles.ts. Inputs write through `valueWritten`, buttons send `actionInvoked`.
 */
import { useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useA2uiAction, useA2uiWrite } from './hooks';
import { ICON_GLYPHS } from './icons';
import { useListWindow } from './listWindow';
import { isBlockMarkdown, Markdown, safeUrl } from './markdown';
import { A2uiChild, A2uiChildren, NodeView, useA2uiComponents } from './node';
import { failedChecks } from './states';
import type { A2uiNodeProps, BasicCatalogProps, BasicComponents } from './types';

// ------------------------------------------------------------------ small helpers

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);
const records = (value: unknown): Array<Record<string, unknown>> =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null) : [];

const FLEX: Record<string, string> = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  stretch: 'stretch',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
};

type Props<K extends keyof BasicCatalogProps> = A2uiNodeProps<BasicCatalogProps[K]>;
type AnyNode = A2uiNodeProps['node'];

/**
 * The attributes every node's outer element carries: test hooks, state marks, the `weight`, and
 * the accessibility props as ARIA (the description through `aria-describedby`).
 */
function useCommon(node: AnyNode, describedBy: string[] = []) {
  const descriptionId = useId();
  const a11y = (typeof node.props.accessibility === 'object' && node.props.accessibility !== null ? node.props.accessibility : {}) as Record<string, unknown>;
  const description = str(a11y.description);
  const weight = typeof node.props.weight === 'number' ? node.props.weight : undefined;
  const style: CSSProperties | undefined = weight !== undefined ? { flexGrow: weight, flexBasis: 0, minWidth: 0 } : undefined;
  const ids = [...(description ? [descriptionId] : []), ...describedBy];
  const attrs = {
    'data-testid': 'a2ui-node',
    'data-ref': node.ref,
    'data-component': node.component,
    'data-component-id': node.componentId,
    'data-busy': String(node.busy),
    'data-valid': String(node.isValid),
    'aria-busy': node.busy || undefined,
    style,
  };
  const aria = {
    'aria-label': str(a11y.label) || undefined,
    'aria-live': a11y.live === 'polite' || a11y.live === 'assertive' || a11y.live === 'off' ? a11y.live : undefined,
    'aria-hidden': a11y.hidden === true || undefined,
    'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
  } as const;
  const describe = description ? (
    <span id={descriptionId} className="a2ui-visually-hidden">
      {description}
    </span>
  ) : null;
  const cls = (extra = '') => `a2ui a2ui-${node.component}${node.busy ? ' a2ui-is-busy' : ''}${node.isValid ? '' : ' a2ui-is-invalid'} ${extra}`.trim();
  return { attrs, aria, describe, cls };
}

function Blocked({ node, what }: { node: AnyNode; what: string }) {
  const { Placeholder } = useA2uiComponents().states;
  return <Placeholder kind="blocked" label={`${what} URL not shown: ${str(node.props.url) || '(empty)'}`} nodeRef={node.ref} node={node} />;
}

// ------------------------------------------------------------------ display components

function Text({ node }: Props<'Text'>) {
  const states = useA2uiComponents().states;
  const { attrs, aria, describe, cls } = useCommon(node);
  const text = str(node.props.text);
  const variant = node.props.variant === 'caption' ? 'caption' : 'body';
  const Tag = isBlockMarkdown(text) ? 'div' : 'span';
  return (
    <Tag {...attrs} {...aria} className={cls(`a2ui-text-${variant}`)}>
      {/* Called, not mounted: one component less to re-render per change. */}
      {Markdown({ text })}
      {node.busy && <states.Busy busy />}
      {describe}
    </Tag>
  );
}

function Image({ node }: Props<'Image'>) {
  const states = useA2uiComponents().states;
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'image');
  const variant = str(node.props.variant) || 'mediumFeature';
  const fit = str(node.props.fit) || 'fill';
  if (url === null) return <Blocked node={node} what="image" />;
  return (
    <span {...attrs} className={cls(`a2ui-image-${variant}`)}>
      <img src={url} alt={str(node.props.description)} {...aria} style={{ objectFit: fit === 'scaleDown' ? 'scale-down' : (fit as CSSProperties['objectFit']) }} />
      {node.busy && <states.Busy busy />}
      {describe}
    </span>
  );
}

function Icon({ node }: Props<'Icon'>) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const name: unknown = node.props.name;
  const label = aria['aria-label'] ?? (typeof name === 'string' ? name : 'icon');
  const svgPath = typeof name === 'object' && name !== null ? str((name as { svgPath?: unknown }).svgPath) : '';
  return (
    <span {...attrs} {...aria} aria-label={label} role="img" className={cls()} title={label}>
      {svgPath ? (
        <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true">
          <path d={svgPath} fill="currentColor" />
        </svg>
      ) : (
        <span aria-hidden="true">{ICON_GLYPHS[str(name)] ?? '□'}</span>
      )}
      {describe}
    </span>
  );
}

function Video({ node }: Props<'Video'>) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'media');
  const poster = safeUrl(node.props.posterUrl, 'image') ?? undefined;
  if (url === null) return <Blocked node={node} what="video" />;
  return (
    <span {...attrs} className={cls()}>
      <video src={url} poster={poster} controls preload="none" {...aria} />
      {describe}
    </span>
  );
}

function AudioPlayer({ node }: Props<'AudioPlayer'>) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'media');
  const description = str(node.props.description);
  if (url === null) return <Blocked node={node} what="audio" />;
  return (
    <figure {...attrs} className={cls()}>
      {description && <figcaption>{description}</figcaption>}
      <audio src={url} controls preload="none" {...aria} aria-label={aria['aria-label'] ?? (description || undefined)} />
      {describe}
    </figure>
  );
}

function Divider({ node }: Props<'Divider'>) {
  const { attrs, aria, cls } = useCommon(node);
  return node.props.axis === 'vertical' ? (
    <div {...attrs} {...aria} role="separator" aria-orientation="vertical" className={cls('a2ui-divider-vertical')} />
  ) : (
    <hr {...attrs} {...aria} className={cls('a2ui-divider-horizontal')} />
  );
}

// ------------------------------------------------------------------ layout components

function Flex({ node, surfaceId, direction }: Props<'Row'> & { direction: 'row' | 'column' }) {
  const states = useA2uiComponents().states;
  const { attrs, aria, describe, cls } = useCommon(node);
  const justify = str(node.props.justify) || 'start';
  const align = str(node.props.align) || 'stretch';
  return (
    <div
      {...attrs}
      {...aria}
      className={cls(justify === 'stretch' ? 'a2ui-justify-stretch' : '')}
      style={{ ...attrs.style, flexDirection: direction, justifyContent: FLEX[justify] ?? 'flex-start', alignItems: FLEX[align] ?? 'stretch' }}
    >
      <A2uiChildren surfaceId={surfaceId} refs={node.children} />
      {node.busy && <states.Busy busy />}
      {describe}
    </div>
  );
}

const Row = (props: Props<'Row'>) => <Flex {...props} direction="row" />;
const Column = (props: Props<'Column'>) => <Flex {...props} direction="column" />;

function List({ node, surfaceId }: Props<'List'>) {
  const states = useA2uiComponents().states;
  const { attrs, aria, describe, cls } = useCommon(node);
  const horizontal = node.props.direction === 'horizontal';
  const align = str(node.props.align) || 'stretch';
  const count = node.children.length;
  // A long vertical list draws the rows near the viewport between two spacers (listWindow.ts).
  const win = useListWindow(count, horizontal);
  const start = win === null ? 0 : win.start;
  const rows = win === null ? node.children : node.children.slice(win.start, win.end);
  return (
    <div ref={win?.ref} {...attrs} {...aria} role="list" className={cls(horizontal ? 'a2ui-list-horizontal' : 'a2ui-list-vertical')} style={{ ...attrs.style, alignItems: FLEX[align] ?? 'stretch' }}>
      {win && <div aria-hidden="true" className="a2ui-list-spacer" data-testid="list-spacer-before" ref={win.before} />}
      {rows.map((ref, i) => (
        <div role="listitem" key={ref} className="a2ui-list-item" data-index={win ? start + i : undefined} aria-setsize={win ? count : undefined} aria-posinset={win ? start + i + 1 : undefined}>
          <NodeView surfaceId={surfaceId} nodeRef={ref} />
        </div>
      ))}
      {win && <div aria-hidden="true" className="a2ui-list-spacer" data-testid="list-spacer-after" ref={win.after} />}
      {node.busy && <states.Busy busy />}
      {describe}
    </div>
  );
}

function Card({ node, surfaceId }: Props<'Card'>) {
  const { attrs, aria, describe, cls } = useCommon(node);
  return (
    <div {...attrs} {...aria} className={cls()}>
      <A2uiChild surfaceId={surfaceId} value={node.props.child} />
      {describe}
    </div>
  );
}

function Tabs({ node, surfaceId }: Props<'Tabs'>) {
  const states = useA2uiComponents().states;
  const { attrs, aria, describe, cls } = useCommon(node);
  const baseId = useId();
  const tabs = records(node.props.tabs);
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(tabs.length - 1, 0));
  const active = tabs[index];
  const select = (next: number) => {
    setSelected(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };
  return (
    <div {...attrs} className={cls()}>
      <div role="tablist" {...aria} className="a2ui-tablist">
        {tabs.map((tab, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === index ? 0 : -1}
            className={i === index ? 'a2ui-tab a2ui-is-active' : 'a2ui-tab'}
            onClick={() => setSelected(i)}
            onKeyDown={(e) => {
              // The tab list's keys (WAI-ARIA tabs pattern): arrows move and select, Home/End jump.
              if (e.key === 'ArrowRight') select((index + 1) % tabs.length);
              else if (e.key === 'ArrowLeft') select((index + tabs.length - 1) % tabs.length);
              else if (e.key === 'Home') select(0);
              else if (e.key === 'End') select(tabs.length - 1);
              else return;
              e.preventDefault();
            }}
          >
            {str(tab.title) || `Tab ${i + 1}`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${index}`} className="a2ui-tabpanel">
        {active && <A2uiChild surfaceId={surfaceId} value={active.child} />}
      </div>
      {node.busy && <states.Busy busy />}
      {describe}
    </div>
  );
}

function Modal({ node, surfaceId }: Props<'Modal'>) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    // jsdom has no showModal; an open attribute is the closest it gets.
    if (!d) return;
    if (open && !d.open) {
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    }
    if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <div {...attrs} className={cls()}>
      {/* The modal intercepts clicks on its trigger: they open the dialog instead of acting. */}
      <div
        className="a2ui-modal-trigger"
        onClickCapture={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <A2uiChild surfaceId={surfaceId} value={node.props.trigger} />
      </div>
      <dialog
        ref={dialog}
        {...aria}
        className="a2ui-modal-dialog"
        data-testid="modal-dialog"
        onClose={() => setOpen(false)}
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false); // the backdrop
        }}
      >
        <button type="button" className="a2ui-modal-close" aria-label="Close" onClick={() => setOpen(false)}>
          ✕
        </button>
        {open && <A2uiChild surfaceId={surfaceId} value={node.props.content} />}
      </dialog>
      {describe}
    </div>
  );
}

// ------------------------------------------------------------------ interactive components

function Button({ node, surfaceId }: Props<'Button'>) {
  const states = useA2uiComponents().states;
  const errorsId = useId();
  const { attrs, aria, describe, cls } = useCommon(node, failedChecks(node).length > 0 ? [errorsId] : []);
  const { Validation } = useA2uiComponents().states;
  const act = useA2uiAction(surfaceId, node.ref);
  const variant = str(node.props.variant) || 'default';
  return (
    <span {...attrs} className={cls()}>
      <button type="button" {...aria} className={`a2ui-button a2ui-button-${variant}`} disabled={!node.isValid} onClick={act}>
        <A2uiChild surfaceId={surfaceId} value={node.props.child} />
        {node.busy && <states.Busy busy />}
      </button>
      {failedChecks(node).length > 0 && <Validation id={errorsId} node={node} />}
      {describe}
    </span>
  );
}

/**
 * The label + control + messages frame of an input. Called, not mounted (as Markdown in Text):
 * one component less to re-render per keystroke; every input calls it once, unconditionally.
 */
function Field({ node, label, labelId, children, errorsId, describe, as = 'label' }: { node: AnyNode; label: string; labelId?: string; children: ReactNode; errorsId: string; describe: ReactNode; as?: 'label' | 'div' }) {
  const { attrs, cls } = useCommon(node);
  const { Validation } = useA2uiComponents().states;
  const Frame = as;
  return (
    <div {...attrs} className={cls('a2ui-field')}>
      <Frame className="a2ui-field-frame">
        {label && (
          <span className="a2ui-field-label" id={labelId}>
            {label}
          </span>
        )}
        {children}
      </Frame>
      {failedChecks(node).length > 0 && <Validation id={errorsId} node={node} />}
      {describe}
    </div>
  );
}

/**
 * The ids and attributes of an input control. A control with a visible label is named by that
 * label alone (`aria-labelledby`), not by everything else its <label> frame holds.
 */
function useInput(node: AnyNode, label = '') {
  const errorsId = useId();
  const labelId = useId();
  const { aria, describe } = useCommon(node, failedChecks(node).length > 0 ? [errorsId] : []);
  const bound = node.bindings.value !== undefined;
  const control = {
    ...aria,
    'aria-labelledby': aria['aria-label'] === undefined && label !== '' ? labelId : undefined,
    'aria-invalid': node.isValid ? undefined : true,
    readOnly: !bound,
  };
  return { errorsId, labelId, describe, control };
}

function TextField({ node, surfaceId }: Props<'TextField'>) {
  const states = useA2uiComponents().states;
  const label = str(node.props.label);
  const { errorsId, labelId, describe, control } = useInput(node, label);
  const write = useA2uiWrite(surfaceId, node.ref);
  const variant = str(node.props.variant) || 'shortText';
  const value = str(node.props.value);
  const placeholder = str(node.props.placeholder) || undefined;
  return Field({
    node,
    label,
    labelId,
    errorsId,
    describe,
    children: (
      <>
        {variant === 'longText' ? (
          <textarea {...control} value={value} placeholder={placeholder} rows={3} onChange={(e) => write(e.target.value)} />
        ) : (
          <input
            {...control}
            type={variant === 'number' ? 'number' : variant === 'obscured' ? 'password' : 'text'}
            value={value}
            placeholder={placeholder}
            onChange={(e) => {
              const text = e.target.value;
              write(variant === 'number' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);
            }}
          />
        )}
        {node.busy && <states.Busy busy />}
      </>
    ),
  });
}

function CheckBox({ node, surfaceId }: Props<'CheckBox'>) {
  const states = useA2uiComponents().states;
  const { errorsId, describe, control } = useInput(node);
  const write = useA2uiWrite(surfaceId, node.ref);
  return Field({
    node,
    label: '',
    errorsId,
    describe,
    children: (
      <>
        <span className="a2ui-checkbox-line">
          <input {...control} type="checkbox" checked={node.props.value === true} onChange={(e) => !control.readOnly && write(e.target.checked)} />
          <span>{str(node.props.label)}</span>
          {node.busy && <states.Busy busy />}
        </span>
      </>
    ),
  });
}

/** ISO 8601 from the model → the value a date/time/datetime-local input takes. */
function toInput(value: string, type: 'date' | 'time' | 'datetime-local'): string {
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  const time = /(?:^|T)(\d{2}:\d{2}(?::\d{2})?)/.exec(value)?.[1];
  if (type === 'date') return date ?? '';
  if (type === 'time') return time ?? '';
  return date ? `${date}T${time ?? '00:00'}` : '';
}

function DateTimeInput({ node, surfaceId }: Props<'DateTimeInput'>) {
  const states = useA2uiComponents().states;
  const label = str(node.props.label);
  const { errorsId, labelId, describe, control } = useInput(node, label);
  const write = useA2uiWrite(surfaceId, node.ref);
  const enableDate = node.props.enableDate === true;
  const enableTime = node.props.enableTime === true;
  const type = enableDate && !enableTime ? 'date' : enableTime && !enableDate ? 'time' : 'datetime-local';
  const min = str(node.props.min);
  const max = str(node.props.max);
  return Field({
    node,
    label,
    labelId,
    errorsId,
    describe,
    children: (
      <>
        <input
          {...control}
          type={type}
          value={toInput(str(node.props.value), type)}
          min={min ? toInput(min, type) : undefined}
          max={max ? toInput(max, type) : undefined}
          // The inputs already give ISO 8601: yyyy-MM-dd, HH:mm, yyyy-MM-ddTHH:mm.
          onChange={(e) => write(e.target.value)}
        />
        {node.busy && <states.Busy busy />}
      </>
    ),
  });
}

function ChoicePicker({ node, surfaceId }: Props<'ChoicePicker'>) {
  const states = useA2uiComponents().states;
  const { errorsId, describe, control } = useInput(node);
  const write = useA2uiWrite(surfaceId, node.ref);
  const [filter, setFilter] = useState('');
  const name = useId();
  const single = node.props.variant !== 'multipleSelection';
  const chips = node.props.displayStyle === 'chips';
  const selected = strings(node.props.value);
  const visible = records(node.props.options).filter((o) => filter === '' || str(o.label).toLowerCase().includes(filter.toLowerCase()));
  const toggle = (value: string) => {
    if (control.readOnly) return;
    if (single) write([value]);
    else write(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  };
  return Field({
    node,
    label: '',
    errorsId,
    describe,
    as: 'div',
    children: (
      <>
        <fieldset
          className={chips ? 'a2ui-choices a2ui-choices-chips' : 'a2ui-choices'}
          aria-invalid={control['aria-invalid']}
          aria-describedby={control['aria-describedby']}
          aria-label={control['aria-label']}
        >
          <legend>{str(node.props.label)}</legend>
          {node.props.filterable === true && (
            <input type="search" className="a2ui-choices-filter" placeholder="Filter…" aria-label="Filter the options" value={filter} onChange={(e) => setFilter(e.target.value)} />
          )}
          {visible.map((option) => {
            const value = str(option.value);
            const checked = selected.includes(value);
            return chips ? (
              <button key={value} type="button" className={checked ? 'a2ui-chip a2ui-is-selected' : 'a2ui-chip'} aria-pressed={checked} onClick={() => toggle(value)}>
                {str(option.label)}
              </button>
            ) : (
              <label key={value} className="a2ui-choice">
                <input type={single ? 'radio' : 'checkbox'} name={name} checked={checked} onChange={() => toggle(value)} />
                {str(option.label)}
              </label>
            );
          })}
          {node.busy && <states.Busy busy />}
        </fieldset>
      </>
    ),
  });
}

function Slider({ node, surfaceId }: Props<'Slider'>) {
  const states = useA2uiComponents().states;
  const label = str(node.props.label);
  const { errorsId, labelId, describe, control } = useInput(node, label);
  const write = useA2uiWrite(surfaceId, node.ref);
  const min = num(node.props.min, 0);
  const max = num(node.props.max, 100);
  const steps = num(node.props.steps, 0);
  const value = num(node.props.value, min);
  return Field({
    node,
    label,
    labelId,
    errorsId,
    describe,
    children: (
      <>
        <span className="a2ui-slider-line">
          <input
            {...control}
            disabled={control.readOnly}
            type="range"
            min={min}
            max={max}
            step={steps >= 1 ? (max - min) / steps : 'any'}
            value={value}
            onChange={(e) => write(Number(e.target.value))}
          />
          <output>{value}</output>
          {node.busy && <states.Busy busy />}
        </span>
      </>
    ),
  });
}

/** The basic catalog's components. */
export const basicComponents: BasicComponents = {
  Text,
  Image,
  Icon,
  Video,
  AudioPlayer,
  Row,
  Column,
  List,
  Card,
  Tabs,
  Divider,
  Modal,
  Button,
  CheckBox,
  TextField,
  DateTimeInput,
  ChoicePicker,
  Slider,
};
