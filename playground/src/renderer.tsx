/**
 * The generic renderer: draws a surface's resolved tree with plain HTML. Each node is a
 * `React.memo` component keyed by its ref that selects its own node with `selectNode`; a node
 * object keeps its identity while nothing it reads changes, so typing into one field re-renders
 * that field and whatever reads the same data, not the whole surface.
 *
 * Inputs write through `valueWritten`, buttons send `actionInvoked`. Accessibility attributes map
 * to ARIA; busy nodes (waiting for an agent function) show a spinner; failed checks show their
 * messages; broken references show visible placeholders.
 */
import { memo, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { decodeHtmlContent, type ResolvedNode } from '../../src/index';
import { ICON_GLYPHS } from './icons';
import { isBlockMarkdown, Markdown, safeUrl } from './markdown';
import { a2ui, type AppDispatch, type RootState } from './session';

// ------------------------------------------------------------------ small helpers

const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');
const num = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);

const FLEX: Record<string, string> = {
  start: 'flex-start',
  end: 'flex-end',
  center: 'center',
  stretch: 'stretch',
  spaceBetween: 'space-between',
  spaceAround: 'space-around',
  spaceEvenly: 'space-evenly',
};

interface DrawProps {
  node: ResolvedNode;
  surfaceId: string;
}

/** The node's failed checks (messages, else codes). */
function failures(node: ResolvedNode): Array<{ text: string; severity: string }> {
  return node.validation.filter((r) => !r.valid).map((r) => ({ text: r.message ?? r.code ?? 'Invalid value', severity: r.severity ?? 'error' }));
}

/**
 * The attributes every node's outer element carries: test hooks, state marks, the `weight`, and
 * the accessibility attributes as ARIA (the description goes through `aria-describedby`).
 */
function useCommon(node: ResolvedNode, describedBy: string[] = []) {
  const descriptionId = useId();
  const a11y = (node.props.accessibility ?? {}) as { label?: unknown; description?: unknown; live?: unknown; hidden?: unknown };
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
    <span id={descriptionId} className="visually-hidden">
      {description}
    </span>
  ) : null;
  return { attrs, aria, describe, cls: (extra = '') => `a2ui a2ui-${node.component}${node.busy ? ' is-busy' : ''}${node.isValid ? '' : ' is-invalid'} ${extra}`.trim() };
}

function Spinner({ busy }: { busy: boolean }) {
  return busy ? <span className="spinner" data-testid="busy-spinner" role="status" aria-label="Waiting for the agent" title="Waiting for the agent" /> : null;
}

function Validation({ id, node }: { id: string; node: ResolvedNode }) {
  const list = failures(node);
  if (list.length === 0) return null;
  return (
    <ul className="validation" id={id} data-testid="validation" role="alert">
      {list.map((f, i) => (
        <li key={i} className={`validation-${f.severity}`}>
          {f.text}
        </li>
      ))}
    </ul>
  );
}

function useWrite(surfaceId: string, node: ResolvedNode) {
  const dispatch = useDispatch<AppDispatch>();
  return (value: unknown, property = 'value') => dispatch(a2ui.actions.valueWritten({ surfaceId, ref: node.ref, property, value }));
}

// ------------------------------------------------------------------ the node component

/** One node: selects itself by ref, so it re-renders only when its own node object changes. */
export const NodeView = memo(function NodeView({ surfaceId, nodeRef }: { surfaceId: string; nodeRef: string }) {
  const node = useSelector((state: RootState) => a2ui.selectors.selectNode(state, surfaceId, nodeRef));
  if (node === undefined) return <Placeholder kind="missing" label={`nothing at ${nodeRef}`} nodeRef={nodeRef} />;
  if (node.placeholder !== undefined) {
    const label =
      node.placeholder === 'unknown'
        ? `Unknown component type '${node.component}' (id '${node.componentId}')`
        : node.placeholder === 'cyclic'
          ? `Cyclic reference to '${node.componentId}'`
          : `Component '${node.componentId}' is referenced but has not been sent`;
    return <Placeholder kind={node.placeholder} label={label} nodeRef={node.ref} />;
  }
  const Draw = DRAWERS[node.component] ?? Unsupported;
  return <Draw node={node} surfaceId={surfaceId} />;
});

function Children({ surfaceId, refs }: { surfaceId: string; refs: readonly string[] }) {
  return (
    <>
      {refs.map((ref) => (
        <NodeView key={ref} surfaceId={surfaceId} nodeRef={ref} />
      ))}
    </>
  );
}

function Child({ surfaceId, value }: { surfaceId: string; value: unknown }) {
  return typeof value === 'string' ? <NodeView surfaceId={surfaceId} nodeRef={value} /> : null;
}

function Placeholder({ kind, label, nodeRef }: { kind: string; label: string; nodeRef: string }) {
  return (
    <div className={`a2ui placeholder placeholder-${kind}`} data-testid="a2ui-placeholder" data-placeholder={kind} data-ref={nodeRef} role="note">
      <strong>{kind}</strong> {label}
    </div>
  );
}

function Unsupported({ node }: DrawProps) {
  const { attrs, cls } = useCommon(node);
  return (
    <div {...attrs} className={cls('placeholder placeholder-unsupported')} data-placeholder="unsupported" role="note">
      <strong>unsupported</strong> The playground does not draw '{node.component}' (id '{node.componentId}').
      <details>
        <summary>props</summary>
        <pre>{JSON.stringify(node.props, null, 2)}</pre>
      </details>
    </div>
  );
}

// ------------------------------------------------------------------ display components

function Text({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const text = str(node.props.text);
  const variant = node.props.variant === 'caption' ? 'caption' : 'body';
  const Tag = isBlockMarkdown(text) ? 'div' : 'span';
  return (
    <Tag {...attrs} {...aria} className={cls(`text-${variant}`)}>
      <Markdown text={text} />
      <Spinner busy={node.busy} />
      {describe}
    </Tag>
  );
}

function Image({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'image');
  const variant = str(node.props.variant) || 'mediumFeature';
  const fit = str(node.props.fit) || 'fill';
  if (url === null) return <Placeholder kind="blocked" label={`image URL not shown: ${str(node.props.url) || '(empty)'}`} nodeRef={node.ref} />;
  return (
    <span {...attrs} className={cls(`image-${variant}`)}>
      <img src={url} alt={str(node.props.description)} {...aria} style={{ objectFit: fit === 'scaleDown' ? 'scale-down' : (fit as CSSProperties['objectFit']) }} />
      <Spinner busy={node.busy} />
      {describe}
    </span>
  );
}

function Icon({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const name = node.props.name;
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

function Video({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'media');
  const poster = safeUrl(node.props.posterUrl, 'image') ?? undefined;
  if (url === null) return <Placeholder kind="blocked" label={`video URL not shown: ${str(node.props.url) || '(empty)'}`} nodeRef={node.ref} />;
  return (
    <span {...attrs} className={cls()}>
      <video src={url} poster={poster} controls preload="none" {...aria} />
      {describe}
    </span>
  );
}

function AudioPlayer({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const url = safeUrl(node.props.url, 'media');
  const description = str(node.props.description);
  if (url === null) return <Placeholder kind="blocked" label={`audio URL not shown: ${str(node.props.url) || '(empty)'}`} nodeRef={node.ref} />;
  return (
    <figure {...attrs} className={cls()}>
      {description && <figcaption>{description}</figcaption>}
      <audio src={url} controls preload="none" {...aria} aria-label={aria['aria-label'] ?? (description || undefined)} />
      {describe}
    </figure>
  );
}

function Divider({ node }: DrawProps) {
  const { attrs, aria, cls } = useCommon(node);
  const vertical = node.props.axis === 'vertical';
  return vertical ? (
    <div {...attrs} {...aria} role="separator" aria-orientation="vertical" className={cls('divider-vertical')} />
  ) : (
    <hr {...attrs} {...aria} className={cls('divider-horizontal')} />
  );
}

// ------------------------------------------------------------------ layout components

function Flex({ node, surfaceId, direction }: DrawProps & { direction: 'row' | 'column' }) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const justify = str(node.props.justify) || 'start';
  const align = str(node.props.align) || 'stretch';
  return (
    <div
      {...attrs}
      {...aria}
      className={cls(justify === 'stretch' ? 'justify-stretch' : '')}
      style={{ ...attrs.style, flexDirection: direction, justifyContent: FLEX[justify] ?? 'flex-start', alignItems: FLEX[align] ?? 'stretch' }}
    >
      <Children surfaceId={surfaceId} refs={node.children} />
      <Spinner busy={node.busy} />
      {describe}
    </div>
  );
}

const Row = (props: DrawProps) => <Flex {...props} direction="row" />;
const Column = (props: DrawProps) => <Flex {...props} direction="column" />;

function List({ node, surfaceId }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const horizontal = node.props.direction === 'horizontal';
  const align = str(node.props.align) || 'stretch';
  return (
    <div {...attrs} {...aria} role="list" className={cls(horizontal ? 'list-horizontal' : 'list-vertical')} style={{ ...attrs.style, alignItems: FLEX[align] ?? 'stretch' }}>
      {node.children.map((ref) => (
        <div role="listitem" key={ref} className="list-item">
          <NodeView surfaceId={surfaceId} nodeRef={ref} />
        </div>
      ))}
      <Spinner busy={node.busy} />
      {describe}
    </div>
  );
}

function Card({ node, surfaceId }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  return (
    <div {...attrs} {...aria} className={cls()}>
      <Child surfaceId={surfaceId} value={node.props.child} />
      {describe}
    </div>
  );
}

function Tabs({ node, surfaceId }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const baseId = useId();
  const tabs = (Array.isArray(node.props.tabs) ? node.props.tabs : []) as Array<{ title?: unknown; child?: unknown }>;
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(tabs.length - 1, 0));
  const active = tabs[index];
  return (
    <div {...attrs} className={cls()}>
      <div role="tablist" {...aria} className="tablist">
        {tabs.map((tab, i) => (
          <button
            key={i}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === index}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === index ? 0 : -1}
            className={i === index ? 'tab is-active' : 'tab'}
            onClick={() => setSelected(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = (index + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
                setSelected(next);
                document.getElementById(`${baseId}-tab-${next}`)?.focus();
              }
            }}
          >
            {str(tab.title) || `Tab ${i + 1}`}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${index}`} className="tabpanel">
        {active && <Child surfaceId={surfaceId} value={active.child} />}
      </div>
      <Spinner busy={node.busy} />
      {describe}
    </div>
  );
}

function Modal({ node, surfaceId }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <div {...attrs} className={cls()}>
      {/* The modal intercepts clicks on its trigger: they open the dialog instead of acting. */}
      <div
        className="modal-trigger"
        onClickCapture={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen(true);
        }}
      >
        <Child surfaceId={surfaceId} value={node.props.trigger} />
      </div>
      <dialog
        ref={dialog}
        {...aria}
        className="modal-dialog"
        data-testid="modal-dialog"
        onClose={() => setOpen(false)}
        onClick={(e) => {
          if (e.target === e.currentTarget) setOpen(false); // the backdrop
        }}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={() => setOpen(false)}>
          ✕
        </button>
        {open && <Child surfaceId={surfaceId} value={node.props.content} />}
      </dialog>
      {describe}
    </div>
  );
}

// ------------------------------------------------------------------ interactive components

function Button({ node, surfaceId }: DrawProps) {
  const errorsId = useId();
  const { attrs, aria, describe, cls } = useCommon(node, failures(node).length > 0 ? [errorsId] : []);
  const dispatch = useDispatch<AppDispatch>();
  const variant = str(node.props.variant) || 'default';
  return (
    <span {...attrs} className={cls()}>
      <button
        type="button"
        {...aria}
        className={`button button-${variant}`}
        disabled={!node.isValid}
        onClick={() => dispatch(a2ui.actions.actionInvoked({ surfaceId, ref: node.ref }))}
      >
        <Child surfaceId={surfaceId} value={node.props.child} />
        <Spinner busy={node.busy} />
      </button>
      <Validation id={errorsId} node={node} />
      {describe}
    </span>
  );
}

/** The label + control + messages frame of an input. */
function Field({ node, label, children, errorsId, describe, as = 'label' }: { node: ResolvedNode; label: string; children: ReactNode; errorsId: string; describe: ReactNode; as?: 'label' | 'div' }) {
  const { attrs, cls } = useCommon(node);
  const Frame = as;
  return (
    <div {...attrs} className={cls('field')}>
      <Frame className="field-frame">
        {label && <span className="field-label">{label}</span>}
        {children}
      </Frame>
      <Validation id={errorsId} node={node} />
      {describe}
    </div>
  );
}

function useInput(node: ResolvedNode) {
  const errorsId = useId();
  const { aria, describe } = useCommon(node, failures(node).length > 0 ? [errorsId] : []);
  const bound = node.bindings.value !== undefined;
  const control = {
    ...aria,
    'aria-invalid': node.isValid ? undefined : true,
    readOnly: !bound,
    title: bound ? `bound to ${node.bindings.value}` : 'not bound to the data model (read only)',
  };
  return { errorsId, describe, control };
}

function TextField({ node, surfaceId }: DrawProps) {
  const { errorsId, describe, control } = useInput(node);
  const write = useWrite(surfaceId, node);
  const variant = str(node.props.variant) || 'shortText';
  const value = str(node.props.value);
  const placeholder = str(node.props.placeholder) || undefined;
  return (
    <Field node={node} label={str(node.props.label)} errorsId={errorsId} describe={describe}>
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
      <Spinner busy={node.busy} />
    </Field>
  );
}

function CheckBox({ node, surfaceId }: DrawProps) {
  const { errorsId, describe, control } = useInput(node);
  const write = useWrite(surfaceId, node);
  return (
    <Field node={node} label="" errorsId={errorsId} describe={describe}>
      <span className="checkbox-line">
        <input {...control} type="checkbox" checked={node.props.value === true} onChange={(e) => !control.readOnly && write(e.target.checked)} />
        <span>{str(node.props.label)}</span>
        <Spinner busy={node.busy} />
      </span>
    </Field>
  );
}

/** ISO 8601 from the model → the value a date/time/datetime-local input takes. */
function toInput(value: string, type: 'date' | 'time' | 'datetime-local'): string {
  const date = /^(\d{4}-\d{2}-\d{2})/.exec(value)?.[1];
  const time = /(?:^|T)(\d{2}:\d{2}(?::\d{2})?)/.exec(value)?.[1];
  if (type === 'date') return date ?? '';
  if (type === 'time') return time ?? '';
  return date ? `${date}T${time ?? '00:00'}` : '';
}

function DateTimeInput({ node, surfaceId }: DrawProps) {
  const { errorsId, describe, control } = useInput(node);
  const write = useWrite(surfaceId, node);
  const enableDate = node.props.enableDate === true;
  const enableTime = node.props.enableTime === true;
  const type = enableDate && !enableTime ? 'date' : enableTime && !enableDate ? 'time' : 'datetime-local';
  const min = str(node.props.min);
  const max = str(node.props.max);
  return (
    <Field node={node} label={str(node.props.label)} errorsId={errorsId} describe={describe}>
      <input
        {...control}
        type={type}
        value={toInput(str(node.props.value), type)}
        min={min ? toInput(min, type) : undefined}
        max={max ? toInput(max, type) : undefined}
        // The inputs already give ISO 8601: yyyy-MM-dd, HH:mm, yyyy-MM-ddTHH:mm.
        onChange={(e) => write(e.target.value)}
      />
      <Spinner busy={node.busy} />
    </Field>
  );
}

function ChoicePicker({ node, surfaceId }: DrawProps) {
  const { errorsId, describe, control } = useInput(node);
  const write = useWrite(surfaceId, node);
  const [filter, setFilter] = useState('');
  const name = useId();
  const single = node.props.variant !== 'multipleSelection';
  const chips = node.props.displayStyle === 'chips';
  const selected = strings(node.props.value);
  const options = (Array.isArray(node.props.options) ? node.props.options : []) as Array<{ label?: unknown; value?: unknown }>;
  const visible = options.filter((o) => filter === '' || str(o.label).toLowerCase().includes(filter.toLowerCase()));
  const toggle = (value: string) => {
    if (control.readOnly) return;
    if (single) write([value]);
    else write(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  };
  return (
    <Field node={node} label="" errorsId={errorsId} describe={describe} as="div">
      <fieldset className={chips ? 'choices choices-chips' : 'choices'} aria-invalid={control['aria-invalid']} aria-describedby={control['aria-describedby']} aria-label={control['aria-label']}>
        <legend>{str(node.props.label)}</legend>
        {node.props.filterable === true && (
          <input type="search" className="choices-filter" placeholder="Filter…" aria-label="Filter the options" value={filter} onChange={(e) => setFilter(e.target.value)} />
        )}
        {visible.map((option) => {
          const value = str(option.value);
          const checked = selected.includes(value);
          return chips ? (
            <button key={value} type="button" className={checked ? 'chip is-selected' : 'chip'} aria-pressed={checked} onClick={() => toggle(value)}>
              {str(option.label)}
            </button>
          ) : (
            <label key={value} className="choice">
              <input type={single ? 'radio' : 'checkbox'} name={name} checked={checked} onChange={() => toggle(value)} />
              {str(option.label)}
            </label>
          );
        })}
        <Spinner busy={node.busy} />
      </fieldset>
    </Field>
  );
}

function Slider({ node, surfaceId }: DrawProps) {
  const { errorsId, describe, control } = useInput(node);
  const write = useWrite(surfaceId, node);
  const min = num(node.props.min, 0);
  const max = num(node.props.max, 100);
  const steps = num(node.props.steps, 0);
  const value = num(node.props.value, min);
  return (
    <Field node={node} label={str(node.props.label)} errorsId={errorsId} describe={describe}>
      <span className="slider-line">
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
        <Spinner busy={node.busy} />
      </span>
    </Field>
  );
}

/**
 * An MCP App, as a preview only: its HTML in a frame sandboxed without scripts (so it is inert).
 * The playground has no MCP Apps bridge, so the app cannot call tools or read data.
 */
function McpApp({ node }: DrawProps) {
  const { attrs, aria, describe, cls } = useCommon(node);
  const title = str(node.props.title) || 'MCP App';
  const html = decodeHtmlContent(node.props.htmlContent);
  const tools = strings(node.props.allowedTools);
  return (
    <figure {...attrs} className={cls('mcp-app')}>
      <figcaption>
        {title} <em>(preview: the playground has no MCP Apps bridge{tools.length > 0 ? `; tools ${tools.join(', ')}` : ''})</em>
      </figcaption>
      <iframe title={title} sandbox="" srcDoc={html} {...aria} />
      <Spinner busy={node.busy} />
      {describe}
    </figure>
  );
}

/** Component type → how to draw it (the basic catalog, and a preview of the MCP catalog's McpApp). */
const DRAWERS: Record<string, (props: DrawProps) => ReactNode> = {
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
  McpApp,
};

// ------------------------------------------------------------------ surfaces

/** One surface: its root node and its diagnostics. */
export function SurfaceView({ surfaceId }: { surfaceId: string }) {
  const rootRef = useSelector((state: RootState) => a2ui.selectors.selectResolvedTree(state, surfaceId)?.root?.ref ?? null);
  const catalogId = useSelector((state: RootState) => a2ui.selectors.selectSurface(state, surfaceId)?.catalogId ?? null);
  const diagnostics = useSelector((state: RootState) => a2ui.selectors.selectDiagnostics(state, surfaceId));
  return (
    <section className="surface" data-testid="surface" data-surface-id={surfaceId} aria-label={`Surface ${surfaceId}`}>
      <header className="surface-header">
        <span className="surface-id">{surfaceId}</span>
        <span className="surface-catalog" title={catalogId ?? ''}>
          {catalogId ? catalogId.replace(/^https?:\/\//, '') : 'no catalog'}
        </span>
      </header>
      <div className="surface-body">{rootRef ? <NodeView surfaceId={surfaceId} nodeRef={rootRef} /> : <p className="empty">No root component yet.</p>}</div>
      {diagnostics.length > 0 && (
        <ul className="diagnostics" data-testid="diagnostics">
          {diagnostics.map((d, i) => (
            <li key={i} className={`diagnostic diagnostic-${d.severity}`} data-code={d.code}>
              <code>{d.code}</code> {d.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Every surface of the session, sorted by id. */
export function Surfaces() {
  const ids = useSelector((state: RootState) => a2ui.selectors.selectSurfaces(state).map((s) => s.surfaceId).join('\u0000'));
  const list = ids === '' ? [] : ids.split('\u0000');
  if (list.length === 0) return <p className="empty" data-testid="no-surfaces">No surface yet: press Next or Play all.</p>;
  return (
    <>
      {list.map((id) => (
        <SurfaceView key={id} surfaceId={id} />
      ))}
    </>
  );
}
