/**
 * Runs message-processor cases (actions process_messages, validate, get_renderer_data_model,
 * get_renderer_capabilities) through the public session API. Shared by the harnesses of
 * message_processor_v1_0, validator_v1_0, reserved_keys, data_deletion, data_model_pointers,
 * composition_constraints and the `validate` cases of functions.
 *
 * Mapping (applied to case inputs only; expectations are the case's):
 * - Catalogs: `catalogsOfCase` (mapping.ts): the basic catalog's paths and aliases, inline catalogs.
 * - Sessions are created with `implicitDefaultCatalog: false`: these suites test the protocol's
 *   catalog resolution ("no fallback" to the first catalog), not API.md's convenience default.
 * - Validation mode: the case's `strictMode` is our `validation` option ('strict' / 'lenient').
 *   Strict cases also run with `unknownFunctions: 'reject'`: the suite's strict mode refuses a
 *   call to a function its catalog does not declare (API.md: the upstream strict rule).
 *   A case that omits it runs 'strict' under `validate` (which asks whether messages are valid)
 *   and 'lenient' under the other actions, as the suite's processor stores components it is not
 *   asked to check (such cases send, e.g., a Button with a `title` the v1.0 basic catalog does not
 *   have, and expect it stored).
 * - Inputs are read with `@call`/`@path` renamed to `call`/`path` (translateDraftKeys).
 * - A batch (`messages` or `payload`, top level or per step) is one handleMessage call; later
 *   batches continue from the session the previous one left, as the protocol's stream does.
 * - An expected error is met by the failure handleMessage returns, or by an `error` message the
 *   session sends the agent while keeping the message (API.md: an unknown component type, and in
 *   lenient mode a schema violation, is reported to the agent as VALIDATION_FAILED but applied).
 *   Category → code per CATEGORY_CODES; the message as `messageMatches` says.
 *   `details` are matched on the same errors: the detail path (`messages.0.version`, or a path
 *   inside the component such as `chartType`) against our JSON Pointer, and the detail code
 *   against the wording of our message (DETAIL_CODE_WORDS).
 * - A batch expected to succeed must return ok; under `validate` it must also send the agent no
 *   `error` message (a valid message draws no complaint).
 * - `expect.surfaces.<id>`: `exists` is whether the surface is there; `sendDataModel` and the
 *   `dataModel` are compared exactly (a deletion case would pass vacuously as a subset); a
 *   `components` list is matched by id against the stored components (subset of each); a
 *   `components` map (id → properties) is matched against the rendered node of that id: its
 *   evaluated props, with child refs written back as the component ids they render.
 */
import {
  clientDataModel,
  createSession,
  handleMessage,
  rendererCapabilities,
  resolvedTree,
  surface,
  type Session,
} from '../../src/session/session';
import type { A2uiError, A2uiErrorCode } from '../../src/protocol/errors';
import type { ResolvedNode } from '../../src/model/tree';
import {
  catalogsOfCase,
  errorFits,
  expectedErrorOf,
  isRecord,
  messageMatches,
  subsetMismatches,
  translateDraftKeys,
  type ExpectedError,
} from './mapping';
import type { ConformanceCase } from './suite';
import { componentOf } from '../../src/model/state';

type Step = Record<string, unknown>;

interface BatchOutcome {
  ok: boolean;
  /** The failure, then every `error` message sent to the agent, as errors. */
  errors: A2uiError[];
}

/**
 * How each detail code of the suites reads in our messages (we report a sentence, not a code):
 * missing_field "missing required key", type_mismatch "surfaceId must be a string, got number" (or
 * "expected string, got number" where there is no property name),
 * invalid_value "expected \"doughnut\" or \"pie\", got \"bar\"" or "has no component type".
 */
export const DETAIL_CODE_WORDS: Readonly<Record<string, RegExp>> = {
  missing_field: /\bmissing\b|\brequired\b/i,
  type_mismatch: /\b(expected|must be) (an? )?(string|number|integer|boolean|object|array|null)\b/i,
  invalid_value: /\bexpected (one of )?"|has no component type|must be one of|is not allowed/i,
};

export function processorSession(c: ConformanceCase): Session {
  const strict = typeof c.strictMode === 'boolean' ? c.strictMode : c.action === 'validate';
  return createSession(catalogsOfCase(c), {
    validation: strict ? 'strict' : 'lenient',
    implicitDefaultCatalog: false,
    unknownFunctions: strict ? 'reject' : 'agent',
  });
}

function payloadOf(holder: Step): unknown {
  return 'messages' in holder ? holder.messages : holder.payload;
}

function hasPayload(holder: Step): boolean {
  return 'messages' in holder || 'payload' in holder;
}

function applyBatch(session: Session, payload: unknown): { session: Session; outcome: BatchOutcome } {
  const result = handleMessage(session, translateDraftKeys(payload));
  const agentErrors: A2uiError[] = [];
  for (const effect of result.effects) {
    if (effect.type !== 'send' || !isRecord(effect.message.error)) continue;
    const body = effect.message.error as { code: string; message: string; path?: string; surfaceId?: string };
    agentErrors.push({ code: body.code as A2uiErrorCode, message: body.message, path: body.path, surfaceId: body.surfaceId });
  }
  const errors = result.ok ? agentErrors : [result.error, ...agentErrors];
  return { session: result.session, outcome: { ok: result.ok, errors } };
}

/** Converts a detail path (`messages.0.version` or `chartType`) into a test on our pointers. */
function detailPathFits(ourPath: string | undefined, detailPath: string): boolean {
  if (ourPath === undefined) return false;
  const segments = detailPath.split('.');
  if (segments[0] === 'messages') {
    const pointer = `/${segments.slice(1).join('/')}`;
    return ourPath === pointer || ourPath === `/messages${pointer}`;
  }
  return ourPath.endsWith(`/${segments.join('/')}`);
}

function detailFits(error: A2uiError, detail: NonNullable<ExpectedError['details']>[number]): boolean {
  if (detail.path !== undefined && !detailPathFits(error.path, detail.path)) return false;
  if (detail.code !== undefined) {
    const words = DETAIL_CODE_WORDS[detail.code];
    if (words === undefined) throw new Error(`no wording mapped for detail code ${detail.code}`);
    if (!words.test(error.message)) return false;
  }
  if (detail.message !== undefined && !messageMatches(error.message, detail.message)) return false;
  return true;
}

function checkError(outcome: BatchOutcome, expected: ExpectedError): void {
  const fitting = outcome.errors.filter((error) => errorFits(error, expected));
  const report = outcome.errors.map((e) => `${e.code} ${e.path ?? ''} ${e.message}`);
  expect({ fitting: fitting.length > 0, errors: report }).toEqual({ fitting: true, errors: report });
  for (const detail of expected.details ?? []) {
    expect({ detail, fits: fitting.some((error) => detailFits(error, detail)), errors: report }).toEqual({ detail, fits: true, errors: report });
  }
}

function checkSuccess(c: ConformanceCase, outcome: BatchOutcome): void {
  const report = outcome.errors.map((e) => `${e.code} ${e.path ?? ''} ${e.message}`);
  expect({ ok: outcome.ok, errors: c.action === 'validate' ? report : [] }).toEqual({ ok: true, errors: [] });
}

/** The rendered view of component `id`: evaluated props, child refs written back as component ids. */
function renderedComponent(session: Session, surfaceId: string, id: string): Record<string, unknown> | undefined {
  const tree = resolvedTree(session, surfaceId);
  if (!tree) return undefined;
  const nodes = tree.nodes;
  const node = Object.values(nodes).find((candidate) => candidate.componentId === id && candidate.placeholder === undefined);
  if (!node) return undefined;
  const idOfRef = (value: unknown): unknown => {
    if (typeof value === 'string' && node.children.includes(value)) return (nodes[value] as ResolvedNode | undefined)?.componentId ?? value;
    if (Array.isArray(value)) return value.map(idOfRef);
    return value;
  };
  const view: Record<string, unknown> = { id: node.componentId, component: node.component };
  for (const [key, value] of Object.entries(node.props)) view[key] = idOfRef(value);
  return view;
}

function checkSurfaces(session: Session, expected: Record<string, Record<string, unknown>>): void {
  for (const [surfaceId, want] of Object.entries(expected)) {
    const state = surface(session, surfaceId);
    if ('exists' in want) expect({ surfaceId, exists: state !== undefined }).toEqual({ surfaceId, exists: want.exists });
    if (want.exists === false) continue;
    expect(state).toBeDefined();
    if (!state) continue;
    if ('sendDataModel' in want) expect(state.sendDataModel).toBe(want.sendDataModel);
    if ('dataModel' in want) expect(state.dataModel).toEqual(want.dataModel);
    const components = want.components;
    if (Array.isArray(components)) {
      for (const component of components as Array<Record<string, unknown>>) {
        const stored = componentOf(state, component.id as string);
        expect({ id: component.id, mismatches: subsetMismatches(stored, component) }).toEqual({ id: component.id, mismatches: [] });
      }
    } else if (isRecord(components)) {
      for (const [id, props] of Object.entries(components)) {
        const rendered = renderedComponent(session, surfaceId, id);
        expect({ id, mismatches: subsetMismatches(rendered, props) }).toEqual({ id, mismatches: [] });
      }
    }
  }
}

function checkExpect(c: ConformanceCase, session: Session, expected: unknown): void {
  if (!isRecord(expected)) return;
  if (isRecord(expected.surfaces)) checkSurfaces(session, expected.surfaces as Record<string, Record<string, unknown>>);
}

/** One batch with its expectations: an error, or success and the state it leaves. */
function runBatch(c: ConformanceCase, session: Session, holder: Step, expected: ExpectedError | undefined, expectedState: unknown): Session {
  const { session: next, outcome } = applyBatch(session, payloadOf(holder));
  if (expected !== undefined) checkError(outcome, expected);
  else checkSuccess(c, outcome);
  if (expectedState !== undefined) checkExpect(c, next, expectedState);
  return next;
}

/** Runs the batches of a case (top level, or `steps`), checking step and case expectations. */
export function runBatches(c: ConformanceCase, session: Session): Session {
  const caseError = expectedErrorOf(c);
  const steps = c.steps as Step[] | undefined;
  if (steps === undefined) return runBatch(c, session, c, caseError, c.expect);
  let current = session;
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const stepError = expectedErrorOf(step) ?? (last ? caseError : undefined);
    if (hasPayload(step)) current = runBatch(c, current, step, stepError, step.expect);
  });
  if (c.expect !== undefined) checkExpect(c, current, c.expect);
  return current;
}

/** Runs one case of any of the processor actions. */
export function runProcessorCase(c: ConformanceCase): void {
  const session = processorSession(c);
  switch (c.action) {
    case 'process_messages':
    case 'validate':
      runBatches(c, session);
      return;
    case 'get_renderer_data_model': {
      const after = runBatches({ ...c, expect: undefined }, session);
      const version = (c.args as { version?: string } | undefined)?.version;
      const model = clientDataModel(after, version as 'v1.0');
      expect(model.ok).toBe(true);
      if (model.ok) expect(model.value).toEqual(c.expect);
      return;
    }
    case 'get_renderer_capabilities': {
      const args = (c.args ?? {}) as { includeInlineCatalogs?: boolean };
      const capabilities = rendererCapabilities(session, { includeInlineCatalogs: args.includeInlineCatalogs === true });
      expect(subsetMismatches(capabilities, c.expect)).toEqual([]);
      return;
    }
    default:
      throw new Error(`action ${String(c.action)} is not a message-processor action`);
  }
}
