/**
 * Evaluating DynamicValues: literals, `{ path }` bindings and FunctionCalls, with catalog
 * resolution of every call, local-versus-agent routing, `allowedCallers` and user-activation
 * checks, argument checks, and limits. Pure: the outcome lists what was read, which agent calls
 * must be sent, what went wrong and what the functions asked the session to do. Never throws.
 */
import { SYSTEM_FUNCTIONS, isSystemFunctionName } from '../catalog/system';
import { resolveFunctionCatalog } from '../catalog/resolve';
import { coerceToString } from '../catalog/coerce';
import { LimitExceededError, type Catalog, type CatalogFunction, type FunctionContext, type LocalRequest } from '../catalog/types';
import { getIn, resolvePath } from '../data';
import type { A2uiErrorCode } from '../protocol/errors';
import type { AgentCallOutcome } from '../model/effects';
import { argumentProblems } from './args';
import { expressionLimits, type ExpressionLimits } from './limits';
import { stableStringify } from './stableJson';
import { parseTemplate } from './template';
import { errorText } from '../util/errors';
import { hasOwn } from '../util/records';
import { RegexBudget } from '../regex';

/** Where and for whom an expression is evaluated. */
export interface EvaluationEnv {
  /** The catalogs available to the surface. */
  catalogs: readonly Catalog[];
  /** The surface's default catalogId; null when the surface names none (calls must then name theirs). */
  surfaceCatalogId: string | null;
  /** For messages and for FunctionContext.surfaceId. */
  surfaceId?: string | null;
  /** The surface's whole data model. */
  dataModel: unknown;
  /** Absolute path relative paths are resolved against: a template item's path. Default '/'. */
  scope?: string;
  /** Index of the template item being rendered; `@index` fails without it. */
  index?: number;
  /** Who asked: property resolution and actions are the renderer, callRendererFunction the agent. Default 'renderer'. */
  caller?: 'renderer' | 'agent';
  /** Whether this evaluation runs in response to a user gesture (an action). Default false. */
  userActivated?: boolean;
  /**
   * The settled outcome of an agent call by its key, if any. Undefined means not settled (never
   * sent, or still waiting): the call is then listed in `pending`.
   */
  agentResult?: (callKey: string) => AgentCallOutcome | undefined;
  /** Overrides of DEFAULT_EXPRESSION_LIMITS. */
  limits?: Partial<ExpressionLimits>;
}

/** A call the renderer cannot run: it must go to the agent as callAgentFunction. */
export interface PendingAgentCall {
  /** Deterministic identity of the call: {@link agentCallKey} of catalogId, call and evaluated args. */
  callKey: string;
  call: string;
  /** The catalog the call resolved to (its own catalogId or the surface default). */
  catalogId: string;
  /** The evaluated arguments. */
  args: Record<string, unknown>;
}

/** Codes of expression diagnostics. */
export type ExpressionDiagnosticCode =
  | Extract<A2uiErrorCode, 'EXPRESSION_ERROR' | 'CATALOG_NOT_FOUND' | 'INVALID_FUNCTION_CALL' | 'USER_ACTIVATION_REQUIRED' | 'LIMIT_EXCEEDED'>
  | 'AGENT_CALL_FAILED';

/** Something that went wrong while evaluating; plain data. */
export interface ExpressionDiagnostic {
  code: ExpressionDiagnosticCode;
  message: string;
  /** The function whose call failed, when a call failed. */
  call?: string;
  /** The catalog that call resolved to, when it resolved. */
  catalogId?: string;
}

/** The outcome of {@link evaluateDynamic}. */
export interface EvaluationResult {
  /**
   * 'ok': `value` is the result (undefined for a path with no data yet). 'pending': some agent
   * call has not settled, `value` is null. 'error': see `errors`, `value` is null.
   */
  status: 'ok' | 'pending' | 'error';
  value: unknown;
  /** Absolute paths read, in first-read order, without duplicates (for re-resolution on change). */
  reads: string[];
  /** Agent calls without a settled outcome, each once, in order. */
  pending: PendingAgentCall[];
  errors: ExpressionDiagnostic[];
  /** What the functions that ran asked the session to do, in order. */
  requests: LocalRequest[];
  /** The work this evaluation did, for budgets wider than one evaluation (a surface's). */
  work: EvaluationWork;
}

/** Work counted by one evaluation. */
export interface EvaluationWork {
  /** Function calls made. */
  calls: number;
  /** Data-model reads made. */
  reads: number;
  /** Characters of the strings function calls produced. */
  chars: number;
  /** Regex matcher steps taken. */
  regexSteps: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; pending: boolean };

const PENDING: Outcome = Object.freeze({ ok: false, pending: true });
const FAILED: Outcome = Object.freeze({ ok: false, pending: false });

// Stands in for a missing environment, so that evaluateDynamic stays total.
const NO_ENV: EvaluationEnv = Object.freeze({ catalogs: [], surfaceCatalogId: null, dataModel: undefined });

/** Thrown out of FunctionContext.interpolate when a part cannot be computed (yet); callers let it propagate. */
class PartsUnavailable {}

/**
 * Evaluates a DynamicValue. Literal arrays and objects are walked, so calls and paths nested in
 * them are evaluated too (an unchanged literal comes back as the same object). A call with an
 * argument that failed or waits does not run; the failure or wait propagates to the top.
 *
 * @example
 * evaluateDynamic({ call: 'formatString', args: { value: 'Hi ${/name}' } },
 *   { catalogs: [basicCatalog()], surfaceCatalogId: BASIC_CATALOG_ID, dataModel: { name: 'Ada' } })
 * // → { status: 'ok', value: 'Hi Ada', reads: ['/name'], pending: [], errors: [], requests: [] }
 */
export function evaluateDynamic(value: unknown, env: EvaluationEnv): EvaluationResult {
  const evaluator = new Evaluator(typeof env === 'object' && env !== null ? env : NO_ENV);
  let outcome: Outcome;
  try {
    outcome = evaluator.value(value, 0, 0);
  } catch (error) {
    // Only a bug (or a stack overflow in an implementation) lands here; report, do not throw.
    evaluator.fail('EXPRESSION_ERROR', `Evaluation failed: ${errorText(error)}`);
    outcome = FAILED;
  }
  return evaluator.result(outcome);
}

/** The deterministic key of an agent call: stable JSON of its catalogId, name and evaluated args. */
export function agentCallKey(catalogId: string, call: string, args: Record<string, unknown>): string | undefined {
  return stableStringify({ catalogId, call, args });
}

class Evaluator {
  private readonly reads = new Set<string>();
  private readonly pending = new Map<string, PendingAgentCall>();
  private readonly errors: ExpressionDiagnostic[] = [];
  private readonly requests: LocalRequest[] = [];
  private readonly limits: ExpressionLimits;
  private readonly scope: string;
  private readonly caller: 'renderer' | 'agent';
  private calls = 0;
  private readCount = 0;
  private chars = 0;
  /** Set when a per-evaluation budget ran out: the whole evaluation then fails. */
  private exhausted = false;
  private readonly regexBudget: RegexBudget;

  constructor(private readonly env: EvaluationEnv) {
    this.limits = expressionLimits(env.limits);
    this.regexBudget = new RegexBudget(this.limits.maxRegexSteps);
    this.scope = typeof env.scope === 'string' && env.scope !== '' ? env.scope : '/';
    this.caller = env.caller === 'agent' ? 'agent' : 'renderer';
  }

  result(given: Outcome): EvaluationResult {
    const outcome = this.exhausted ? FAILED : given;
    const status = outcome.ok ? 'ok' : outcome.pending && this.errors.length === 0 ? 'pending' : 'error';
    return {
      status,
      value: outcome.ok ? outcome.value : null,
      reads: [...this.reads],
      pending: [...this.pending.values()],
      errors: this.errors,
      requests: this.requests,
      work: { calls: this.calls, reads: this.readCount, chars: this.chars, regexSteps: this.regexBudget.spent },
    };
  }

  /** Reports a per-evaluation budget running out, once; the evaluation then fails as a whole. */
  private exhaust(message: string, where: { call?: string; catalogId?: string } = {}): Outcome {
    if (!this.exhausted) this.fail('LIMIT_EXCEEDED', message, where);
    this.exhausted = true;
    return FAILED;
  }

  fail(code: ExpressionDiagnosticCode, message: string, where: { call?: string; catalogId?: string } = {}): Outcome {
    this.errors.push({ code, message, ...where });
    return FAILED;
  }

  value(node: unknown, depth: number, callDepth: number): Outcome {
    if (typeof node !== 'object' || node === null) return { ok: true, value: node };
    if (depth > this.limits.maxValueDepth) {
      return this.exhaust(`Value nesting exceeds ${this.limits.maxValueDepth} levels.`);
    }
    if (Array.isArray(node)) return this.array(node, depth, callDepth);
    const record = node as Record<string, unknown>;
    if (hasOwn(record, 'call')) return this.call(record, depth, callDepth);
    if (hasOwn(record, 'path')) {
      if (typeof record.path !== 'string') return this.fail('EXPRESSION_ERROR', 'A data binding path must be a string.');
      const value = this.read(record.path);
      return this.exhausted ? FAILED : { ok: true, value };
    }
    return this.object(record, depth, callDepth);
  }

  read(path: string): unknown {
    this.readCount += 1;
    if (this.readCount > this.limits.maxReads) {
      this.exhaust(`An expression may read the data model at most ${this.limits.maxReads} times.`);
      return undefined;
    }
    const absolute = resolvePath(path, this.scope);
    this.reads.add(absolute);
    return getIn(this.env.dataModel, absolute);
  }

  private array(items: readonly unknown[], depth: number, callDepth: number): Outcome {
    const outcomes = items.map((item) => this.value(item, depth + 1, callDepth));
    const unavailable = firstUnavailable(outcomes);
    if (unavailable !== null) return unavailable;
    const values = outcomes.map((outcome) => (outcome as { value: unknown }).value);
    return { ok: true, value: values.every((value, i) => value === items[i]) ? items : values };
  }

  private object(record: Record<string, unknown>, depth: number, callDepth: number): Outcome {
    const keys = Object.keys(record);
    const outcomes = keys.map((key) => this.value(record[key], depth + 1, callDepth));
    const unavailable = firstUnavailable(outcomes);
    if (unavailable !== null) return unavailable;
    if (outcomes.every((outcome, i) => (outcome as { value: unknown }).value === record[keys[i] as string])) {
      return { ok: true, value: record };
    }
    const copy: Record<string, unknown> = {};
    keys.forEach((key, i) => defineOwn(copy, key, (outcomes[i] as { value: unknown }).value));
    return { ok: true, value: copy };
  }

  private call(node: Record<string, unknown>, depth: number, callDepth: number): Outcome {
    const name = node.call;
    if (typeof name !== 'string') return this.fail('EXPRESSION_ERROR', 'A function call needs a string `call`.');
    if (this.exhausted) return FAILED;
    this.calls += 1;
    if (this.calls > this.limits.maxCalls) {
      // Reported once: every call after the limit fails the same way.
      return this.exhaust(`An expression may make at most ${this.limits.maxCalls} function calls.`, { call: name });
    }
    if (callDepth >= this.limits.maxCallDepth) {
      return this.exhaust(`Function calls nest deeper than ${this.limits.maxCallDepth} levels.`, { call: name });
    }
    const written = node.args === undefined ? {} : node.args;
    if (typeof written !== 'object' || written === null || Array.isArray(written)) {
      return this.fail('EXPRESSION_ERROR', `The args of '${name}' must be an object.`, { call: name });
    }
    const target = this.target(name, node.catalogId);
    if ('failed' in target) return FAILED;
    const { fn, catalogId } = target;
    const where = catalogId === null ? { call: name } : { call: name, catalogId };
    const refusal = fn === undefined ? null : this.refusal(name, fn);
    if (refusal !== null) return this.fail(refusal.code, refusal.message, where);

    const evaluated = this.object(written as Record<string, unknown>, depth + 1, callDepth + 1);
    if (!evaluated.ok) return evaluated;
    const args = evaluated.value as Record<string, unknown>;
    const problems = fn === undefined ? [] : argumentProblems(fn.definition.args, written as Record<string, unknown>, args);
    if (problems.length > 0) return this.fail('EXPRESSION_ERROR', `Invalid arguments for '${name}': ${problems.join('; ')}.`, where);

    if (fn?.implementation === undefined) return this.agentCall(name, catalogId, args, fn !== undefined);
    return this.run(name, fn, args, depth, callDepth, where);
  }

  /** The function a name resolves to: a system function, or a catalog's (maybe undeclared) one. */
  private target(name: string, ownCatalogId: unknown): { fn: CatalogFunction | undefined; catalogId: string | null } | { failed: true } {
    if (isSystemFunctionName(name)) {
      const fn = SYSTEM_FUNCTIONS[name];
      if (fn !== undefined) return { fn, catalogId: null };
      this.fail('EXPRESSION_ERROR', `Unknown system function '${name}' (the '@' prefix is reserved).`, { call: name });
      return { failed: true };
    }
    const site = { name, ...(typeof this.env.surfaceId === 'string' ? { surfaceId: this.env.surfaceId } : {}) };
    const resolution = resolveFunctionCatalog(this.env.catalogs, this.env.surfaceCatalogId, ownCatalogId, site);
    if (!resolution.ok) {
      const code = resolution.error.code === 'CATALOG_NOT_FOUND' ? 'CATALOG_NOT_FOUND' : 'EXPRESSION_ERROR';
      this.fail(code, resolution.error.message, { call: name });
      return { failed: true };
    }
    const { catalog } = resolution;
    const fn = hasOwn(catalog.functions, name) ? catalog.functions[name] : undefined;
    return { fn, catalogId: catalog.catalogId };
  }

  /** Why this caller may not run a declared function now, or null. */
  private refusal(name: string, fn: CatalogFunction): { code: ExpressionDiagnosticCode; message: string } | null {
    const allowed = fn.definition.allowedCallers ?? 'rendererOnly';
    if (this.caller === 'agent' && allowed === 'rendererOnly') {
      return { code: 'INVALID_FUNCTION_CALL', message: `Function '${name}' is rendererOnly and cannot be invoked by the agent.` };
    }
    if (this.caller === 'renderer' && allowed === 'agentOnly') {
      return {
        code: 'INVALID_FUNCTION_CALL',
        message: `Function '${name}' is agentOnly: only the agent may call it, not a component property or action.`,
      };
    }
    if (fn.definition.requiresUserActivation === true && this.env.userActivated !== true) {
      return {
        code: 'USER_ACTIVATION_REQUIRED',
        message: `Function '${name}' requires user activation: it runs only in response to a user action.`,
      };
    }
    return null;
  }

  private agentCall(name: string, catalogId: string | null, args: Record<string, unknown>, declared: boolean): Outcome {
    const where = { call: name, ...(catalogId === null ? {} : { catalogId }) };
    if (catalogId === null) return this.fail('EXPRESSION_ERROR', `System function '${name}' has no implementation.`, where);
    if (this.caller === 'agent') {
      const why = declared ? 'declares it without a renderer implementation' : 'does not declare it';
      return this.fail('INVALID_FUNCTION_CALL', `Function '${name}' is not registered on the renderer: catalog '${catalogId}' ${why}.`, where);
    }
    // On the wire an argument object with a `path` or `call` key is a binding or a call: an
    // evaluated value of that shape (data such as `{ "path": null }`) would be misread by the
    // agent, or make the message invalid, so such a call is not sent.
    const lookalike = Object.keys(args).find((key) => isBindingOrCallShaped(args[key]));
    if (lookalike !== undefined) {
      return this.fail('EXPRESSION_ERROR', `Argument '${lookalike}' of agent function '${name}' evaluates to an object with a "path" or "call" key, which the agent would read as a binding or a call; the call is not sent.`, where);
    }
    const callKey = agentCallKey(catalogId, name, args);
    if (callKey === undefined) return this.fail('EXPRESSION_ERROR', `The arguments of agent function '${name}' are not JSON.`, where);
    const outcome = this.env.agentResult?.(callKey);
    if (outcome === undefined) {
      // The args go on the wire and into the call table: send them as the JSON the key was made
      // of (a binding to missing data is absent, as JSON.stringify would drop it, never undefined).
      if (!this.pending.has(callKey)) this.pending.set(callKey, { callKey, call: name, catalogId, args: jsonArgsOf(callKey, args) });
      return PENDING;
    }
    if (outcome.status === 'ok') return { ok: true, value: outcome.value };
    const { code, message } = outcome.error ?? { code: 'UNKNOWN', message: 'no details' };
    return this.fail('AGENT_CALL_FAILED', `Agent function '${name}' failed: ${code}: ${message}`, where);
  }

  private run(
    name: string,
    fn: CatalogFunction,
    args: Record<string, unknown>,
    depth: number,
    callDepth: number,
    where: { call: string; catalogId?: string },
  ): Outcome {
    const requested: LocalRequest[] = [];
    // Set when interpolate meets a part it cannot compute: the call is then unavailable even if
    // the implementation caught the signal and returned something.
    let unavailable: Outcome | null = null;
    const context: FunctionContext = {
      surfaceId: typeof this.env.surfaceId === 'string' ? this.env.surfaceId : null,
      dataModel: this.env.dataModel,
      scope: this.scope,
      index: this.env.index,
      caller: this.caller,
      userActivated: this.env.userActivated === true,
      read: (path) => {
        const value = this.read(coerceToString(path));
        if (this.exhausted) throw new LimitExceededError(`An expression may read the data model at most ${this.limits.maxReads} times.`);
        return value;
      },
      interpolate: (template) => {
        const interpolated = this.interpolate(template, depth + 1, callDepth + 1);
        if (typeof interpolated === 'string') return interpolated;
        unavailable = interpolated;
        throw new PartsUnavailable();
      },
      request: (request) => {
        requested.push(request);
      },
      regexBudget: this.regexBudget,
    };
    let value: unknown;
    try {
      value = (fn.implementation as NonNullable<CatalogFunction['implementation']>)(args, context);
    } catch (error) {
      if (error instanceof PartsUnavailable) return unavailable ?? FAILED;
      if (this.regexBudget.spent > this.limits.maxRegexSteps) {
        return this.exhaust(`The pattern checks of one expression may take at most ${this.limits.maxRegexSteps} steps in all.`, where);
      }
      // An input over a resource limit is told apart: the session reports limits to the agent.
      if (error instanceof LimitExceededError) return this.exhaust(`Function '${name}' failed: ${errorText(error)}`, where);
      return this.fail('EXPRESSION_ERROR', `Function '${name}' failed: ${errorText(error)}`, where);
    }
    if (unavailable !== null) return unavailable;
    if (this.exhausted) return FAILED;
    if (isThenable(value)) {
      return this.fail('EXPRESSION_ERROR', `Function '${name}' returned a promise; implementations must be synchronous.`, where);
    }
    if (typeof value === 'string') {
      const tooLong = this.produced(value.length);
      if (tooLong !== null) return this.exhaust(`Function '${name}' failed: ${tooLong}`, where);
    }
    this.requests.push(...requested);
    return { ok: true, value: value === undefined ? null : value };
  }

  /** FunctionContext.interpolate: the template's parts evaluated here, or why they cannot be. */
  private interpolate(template: string, depth: number, callDepth: number): string | Outcome {
    const parsed = parseTemplate(coerceToString(template), this.limits);
    if (!parsed.ok) {
      const message = `Invalid template: ${parsed.error.message}`;
      return parsed.error.code === 'LIMIT_EXCEEDED' ? this.exhaust(message) : this.fail(parsed.error.code, message);
    }
    const outcomes = parsed.parts.map((part) => (typeof part === 'string' ? { ok: true as const, value: part } : this.value(part, depth, callDepth)));
    const unavailable = firstUnavailable(outcomes);
    if (unavailable !== null) return unavailable;
    const texts = outcomes.map((outcome) => coerceToString((outcome as { value: unknown }).value));
    // Measured before joining, so an over-long result is never built.
    let length = 0;
    for (const text of texts) length += text.length;
    const tooLong = this.produced(length);
    if (tooLong !== null) return this.exhaust(`Invalid template result: ${tooLong}`);
    return texts.join('');
  }

  /** Counts `length` produced characters; why that is over a limit, or null. */
  private produced(length: number): string | null {
    if (length > this.limits.maxStringLength) {
      return `the result would be ${length} characters long; a string result may have at most ${this.limits.maxStringLength}.`;
    }
    this.chars += length;
    if (this.chars > this.limits.maxOutputChars) {
      return `the strings of one expression may add up to at most ${this.limits.maxOutputChars} characters.`;
    }
    return null;
  }
}

/** The outcome that makes a group unavailable: any failure wins over waiting. */
function firstUnavailable(outcomes: readonly Outcome[]): Outcome | null {
  let waiting: Outcome | null = null;
  for (const outcome of outcomes) {
    if (outcome.ok) continue;
    if (!outcome.pending) return outcome;
    waiting = outcome;
  }
  return waiting;
}

/** Whether an evaluated value is an object that the wire format would read as a binding or a call. */
function isBindingOrCallShaped(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (hasOwn(value, 'path') || hasOwn(value, 'call'));
}

/** The args of an agent call as plain JSON (read back from its key), or the args themselves. */
function jsonArgsOf(callKey: string, args: Record<string, unknown>): Record<string, unknown> {
  const parsed = JSON.parse(callKey) as { args?: unknown };
  return typeof parsed.args === 'object' && parsed.args !== null && !Array.isArray(parsed.args) ? (parsed.args as Record<string, unknown>) : args;
}

function isThenable(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

function defineOwn(record: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
