/**
 * Runs a generated conversation against the pure session, checking the invariants after every
 * step: totality, result shapes, serializable state and effects, valid outbound messages, agent
 * calls settling once, one reply per callRendererFunction, surface isolation, consistent trees,
 * and untouched prototypes.
 */
import { basicCatalog } from '../../src/catalog';
import { DEFAULT_SESSION_LIMITS } from '../../src/processor/config';
import { splitAgentPayload } from '../../src/protocol/parse';
import type { Effect } from '../../src/model/effects';
import { invoke, write } from '../../src/session/interaction';
import {
  createSession,
  dispose,
  handleMessage,
  resolvedTree,
  surfaces,
  timeoutAgentCall,
  type Session,
  type SessionOptions,
} from '../../src/session/session';
import { forbiddenRuns, fuzzCatalog, RAN } from './catalog';
import { pack, type Operation, type PayloadSpec, type Scenario } from './arbitraries';
import {
  assertCallTable,
  assertOutboundValid,
  assertPrototypesClean,
  assertResultShape,
  assertSerializable,
  assertTrees,
  CallLedger,
  isInternalFailure,
  errorSends,
  invariant,
  short,
} from './invariants';
import { tableGet, tableKeys, tableValues } from '../../src/data/table';

const CATALOGS = [basicCatalog(), fuzzCatalog];
const FIXED_CLOCK = () => new Date('2026-01-01T00:00:00.000Z');

/** Gives every callRendererFunction with a string id a unique id `rf-N`, so replies can be counted. */
export function numberRendererCalls(messages: readonly unknown[], next: { n: number }): unknown[] {
  return messages.map((message) => {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return message;
    const body = (message as Record<string, unknown>).callRendererFunction;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return message;
    if (typeof (body as Record<string, unknown>).functionCallId !== 'string') return message;
    const copy = Object.assign(Object.create(Object.getPrototypeOf(message) as object) as Record<string, unknown>, message);
    Object.defineProperty(copy, 'callRendererFunction', {
      value: { ...(body as Record<string, unknown>), functionCallId: `rf-${next.n++}` },
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  });
}

/** The `rf-N` ids of the callRendererFunction messages among `raw`. */
export function rendererCallIds(raw: readonly unknown[]): Array<string | null> {
  return raw.map((message) => {
    if (typeof message !== 'object' || message === null) return null;
    const body = (message as Record<string, unknown>).callRendererFunction;
    const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).functionCallId : undefined;
    return typeof id === 'string' && id.startsWith('rf-') ? id : null;
  });
}

/** Replies (rendererFunctionResponse or error) per functionCallId among effects. */
export function repliesById(effects: readonly Effect[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const effect of effects) {
    if (effect.type !== 'send') continue;
    const body = (effect.message.rendererFunctionResponse ?? effect.message.error) as { functionCallId?: unknown } | undefined;
    if (typeof body?.functionCallId === 'string') counts.set(body.functionCallId, (counts.get(body.functionCallId) ?? 0) + 1);
  }
  return counts;
}

/**
 * The raw messages of a payload, and whether the session must answer the callRendererFunction
 * messages among them: every one is answered once (run, refused, "not run" after an earlier
 * failing message, or "not run" because the payload was refused whole). Only JSON text more than
 * four times maxPayloadBytes is never parsed, so its calls cannot be answered; a payload that is
 * not readable at all has no messages.
 */
export function payloadCalls(payload: unknown, options: SessionOptions): { raw: unknown[]; answered: boolean } {
  const limits = { ...DEFAULT_SESSION_LIMITS, ...(options.limits ?? {}) };
  if (typeof payload === 'string' && payload.length > 4 * limits.maxPayloadBytes) return { raw: [], answered: false };
  const split = splitAgentPayload(payload);
  if (!split.ok) return { raw: [], answered: false };
  return { raw: split.raw, answered: true };
}

/** Surface ids a payload's messages name (any body's surfaceId), plus the options' surfaceId. */
function namedSurfaces(raw: readonly unknown[], optionSurface: string | undefined): Set<string> {
  const named = new Set<string>();
  if (optionSurface !== undefined) named.add(optionSurface);
  for (const message of raw) {
    if (typeof message !== 'object' || message === null) continue;
    for (const body of Object.values(message)) {
      if (typeof body === 'object' && body !== null && typeof (body as { surfaceId?: unknown }).surfaceId === 'string') {
        named.add((body as { surfaceId: string }).surfaceId);
      }
    }
  }
  return named;
}

export interface RunOutcome {
  session: Session;
  effects: Effect[];
  /** callRendererFunction ids in JSON text too large to be parsed (never answered, by design). */
  unansweredAfterFailure: string[];
}

export interface RunOptions {
  /** Compare each tree with a resolution from scratch (default true). */
  fresh?: boolean;
  /** Sees every operation's result (for statistics). */
  onResult?: (kind: Operation['kind'], result: { ok: boolean; error?: { code: string } }) => void;
}

/** Runs `scenario` on a fresh session, checking every invariant; throws InvariantError on a violation. */
export function runSessionScenario(scenario: Scenario, runOptions: RunOptions = {}): RunOutcome {
  const options: SessionOptions = { ...scenario.options, clock: FIXED_CLOCK };
  RAN.length = 0;
  let session = createSession(CATALOGS, options);
  const ledger = new CallLedger();
  const allEffects: Effect[] = [];
  const rfCounter = { n: 1 };
  const unansweredAfterFailure: string[] = [];

  const afterStep = (next: Session, effects: Effect[], what: string): void => {
    assertSerializable(effects, `${what}: effects`);
    assertOutboundValid(effects, what);
    ledger.observe(effects, what);
    assertSerializable(next.state, `${what}: state`);
    assertCallTable(next, ledger, what);
    // A disposed session has dropped its trees (dispose is terminal).
    if (next.state.disposed !== true) assertTrees(next, what, runOptions);
    assertPrototypesClean();
    assertOpenUrlSafe(effects, what);
    const forbidden = forbiddenRuns();
    invariant(forbidden.length === 0, () => `${what}: ${forbidden.join('; ')}`);
    allEffects.push(...effects);
  };

  scenario.operations.forEach((operation, step) => {
    const what = `step ${step} (${operation.kind})`;
    session = applyOperation(session, operation, options, what, rfCounter, unansweredAfterFailure, afterStep, runOptions.onResult);
  });

  const final = dispose(session);
  afterStep(final.session, final.effects, 'final dispose');
  ledger.assertAllSettled('final dispose');
  invariant(tableValues(final.session.state.agentCalls).every((row) => row.status !== 'pending'), 'a row is still pending after dispose');
  return { session: final.session, effects: allEffects, unansweredAfterFailure };
}

/** openUrl effects only ever carry http(s) URLs (the basic catalog's allow-list). */
export function assertOpenUrlSafe(effects: readonly Effect[], what: string): void {
  for (const effect of effects) {
    if (effect.type !== 'openUrl') continue;
    const scheme = URL.canParse(effect.url) ? new URL(effect.url).protocol : '(unparseable)';
    invariant(scheme === 'http:' || scheme === 'https:', () => `${what}: openUrl effect with ${scheme} URL ${short(effect.url)}`);
  }
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

function applyOperation(
  session: Session,
  operation: Operation,
  options: SessionOptions,
  what: string,
  rfCounter: { n: number },
  unanswered: string[],
  afterStep: (next: Session, effects: Effect[], what: string) => void,
  onResult: RunOptions['onResult'] = () => {},
): Session {
  switch (operation.kind) {
    case 'payload':
    case 'garbage': {
      const payload = operation.kind === 'payload' ? pack({ ...operation.payload, messages: numberRendererCalls(operation.payload.messages, rfCounter) } as PayloadSpec) : operation.payload;
      const messageOptions: { userActivated?: boolean; surfaceId?: string } = {};
      if (operation.kind === 'payload') {
        if (operation.userActivated) messageOptions.userActivated = true;
        if (operation.surfaceId !== undefined) messageOptions.surfaceId = operation.surfaceId;
      }
      const before = session;
      const beforeTrees = new Map(surfaces(before).map((s) => [s.surfaceId, resolvedTree(before, s.surfaceId)]));
      const result = handleMessage(session, payload, messageOptions);
      assertResultShape(result, what);
      onResult(operation.kind, result);
      invariant(result.session.runtime === session.runtime, `${what}: the runtime changed`);
      if (!result.ok) invariant(!isInternalFailure(result.error), () => `${what}: internal exception: ${result.error.message}`);
      afterStep(result.session, result.effects, what);

      // A failure that names a surface or a call is told to the agent.
      if (!result.ok && (result.error.surfaceId !== undefined || result.error.functionCallId !== undefined)) {
        invariant(errorSends(result.effects).length > 0, () => `${what}: failure ${short(result.error)} names a surface or call, but no error was sent`);
      }

      // Exactly one reply per callRendererFunction, also for those after a failing message.
      const { raw, answered } = payloadCalls(payload, options);
      const replies = repliesById(result.effects);
      for (const id of rendererCallIds(raw)) {
        if (id === null) continue;
        const count = replies.get(id) ?? 0;
        if (answered) invariant(count === 1, () => `${what}: callRendererFunction ${id} got ${count} replies (result ${short(result.ok ? 'ok' : result.error)})`);
        else unanswered.push(id);
      }

      // Surfaces the payload does not name are untouched, object for object.
      const named = namedSurfaces(raw.length > 0 ? raw : [], messageOptions.surfaceId);
      const rowsChanged = new Set(
        tableValues(result.session.state.agentCalls)
          .filter((row) => tableGet(before.state.agentCalls, row.callId) !== row)
          .map((row) => row.surfaceId),
      );
      for (const [id, surfaceBefore] of Object.entries(before.state.surfaces)) {
        if (named.has(id)) continue;
        invariant(result.session.state.surfaces[id] === surfaceBefore, `${what}: surface '${id}' changed though the payload does not name it`);
        if (!rowsChanged.has(id)) {
          invariant(resolvedTree(result.session, id) === beforeTrees.get(id), `${what}: the tree of surface '${id}' changed though nothing it reads did`);
        }
      }
      return result.session;
    }
    case 'write':
    case 'invoke': {
      const list = surfaces(session);
      const target = pick(list, operation.surface);
      const surfaceId = target?.surfaceId ?? 'A';
      const tree = target ? resolvedTree(session, surfaceId) : undefined;
      const refs = tree ? Object.keys(tree.nodes).sort() : [];
      // Mostly aim at nodes that can take the operation (bound inputs, actions); sometimes anywhere.
      const fitting = refs.filter((r) => {
        const candidate = tree?.nodes[r];
        return operation.kind === 'write' ? Object.keys(candidate?.bindings ?? {}).length > 0 : candidate?.props.action !== undefined;
      });
      const ref = pick(operation.node % 4 !== 0 && fitting.length > 0 ? fitting : refs, operation.node) ?? 'root';
      const node = tree?.nodes[ref];
      let property: string;
      if (typeof operation.property === 'string') property = operation.property;
      else if (operation.kind === 'write') property = pick(Object.keys(node?.bindings ?? {}).sort(), operation.property) ?? 'value';
      else property = pick(Object.keys(node?.props ?? {}).filter((k) => k === 'action' || k.endsWith('Action')).sort(), operation.property) ?? 'action';
      const result =
        operation.kind === 'write'
          ? write(session, surfaceId, ref, property, operation.value)
          : invoke(session, surfaceId, ref, property);
      assertResultShape(result, what);
      onResult(operation.kind, result);
      if (!result.ok) {
        invariant(!isInternalFailure(result.error), () => `${what}: internal exception: ${result.error.message}`);
        return session;
      }
      // Only the operated surface may change.
      for (const [id, s] of Object.entries(session.state.surfaces)) {
        if (id !== surfaceId) invariant(result.session.state.surfaces[id] === s, `${what}: ${operation.kind} on '${surfaceId}' changed surface '${id}'`);
      }
      afterStep(result.session, result.effects, what);
      return result.session;
    }
    case 'timeout': {
      const ids = tableKeys(session.state.agentCalls).sort();
      const callId = typeof operation.call === 'string' ? operation.call : (pick(ids, operation.call) ?? 'call-1');
      const result = timeoutAgentCall(session, callId);
      assertResultShape(result, what);
      invariant(result.ok, `${what}: timeoutAgentCall failed`);
      afterStep(result.session, result.effects, what);
      return result.session;
    }
    case 'answer': {
      const pending = tableValues(session.state.agentCalls).filter((row) => row.status === 'pending').map((row) => row.callId).sort();
      const callId = pick(pending, operation.call);
      if (callId === undefined) return session;
      const result = handleMessage(session, { version: 'v1.0', agentFunctionResponse: { functionCallId: callId, ...operation.outcome } });
      assertResultShape(result, what);
      afterStep(result.session, result.effects, what);
      return result.session;
    }
    case 'dispose': {
      const result = dispose(session);
      afterStep(result.session, result.effects, what);
      invariant(tableValues(result.session.state.agentCalls).every((row) => row.status !== 'pending'), `${what}: a row is still pending after dispose`);
      invariant(result.effects.every((e) => e.type !== 'send'), `${what}: dispose sent a message`);
      // Dispose is terminal; to keep exploring, the conversation goes on in the state it left, revived.
      const { disposed: _disposed, ...revived } = result.session.state;
      return { state: revived, runtime: result.session.runtime };
    }
  }
}
