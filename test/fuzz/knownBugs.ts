/**
 * Bugs the fuzzer found in files this suite may not change (src/session, src/processor, …). Each
 * one has a `test.failing` in test/security/knownBugs.test.ts with its diagnosis and the proposed
 * fix. The fuzz properties recognise exactly these signatures (BUG 1 and BUG 2 there), count
 * them, and keep going, so the rest of the invariants stay checked; when a bug is fixed its
 * `test.failing` starts to fail, and its entry here should go. The other known bugs do not trip
 * the fuzz invariants: callRendererFunction messages after a failure (BUG 3) are collected as
 * `unansweredAfterFailure` rather than asserted, and the store runs pass payloads through JSON
 * as a real transport would (BUG 7).
 */
import type { SessionState } from '../../src/session/state';

export type KnownBugId =
  /** A message naming a surface id inherited from Object.prototype ('constructor', 'toString', '__proto__') that does not exist crashes inside the processor. */
  | 'inherited-surface-id'
  /** updateComponents with a component whose id is '__proto__' replaces the prototype of the surface's components record. */
  | 'proto-component-id';

/** How often each known bug was met in this process (for the fuzz summary). */
export const KNOWN_BUG_HITS: Record<KnownBugId, number> = { 'inherited-surface-id': 0, 'proto-component-id': 0 };

/** Thrown to end a run that met a known bug which leaves the state unusable for further checks. */
export class KnownBugMet extends Error {
  constructor(readonly bug: KnownBugId) {
    super(`known bug met: ${bug}`);
  }
}

const INTERNAL = 'The payload could not be processed';

/** Whether a failure is the session's catch-all for an exception thrown inside it. */
export function isInternalFailure(error: { code: string; message: string }): boolean {
  return error.message.startsWith(INTERNAL);
}

/** The known bug that explains an internal failure of a payload naming `named`, if any. */
export function explainInternalFailure(state: SessionState, named: Iterable<string>): KnownBugId | null {
  for (const id of named) {
    if (!Object.prototype.hasOwnProperty.call(state.surfaces, id) && id in Object.prototype) {
      KNOWN_BUG_HITS['inherited-surface-id'] += 1;
      return 'inherited-surface-id';
    }
  }
  return null;
}

/** Throws KnownBugMet when a surface's components record got a foreign prototype via id '__proto__'. */
export function detectProtoComponentId(state: SessionState): void {
  for (const surface of Object.values(state.surfaces)) {
    const proto: unknown = Object.getPrototypeOf(surface.components);
    if (proto !== Object.prototype && proto !== null && (proto as { id?: unknown }).id === '__proto__') {
      KNOWN_BUG_HITS['proto-component-id'] += 1;
      throw new KnownBugMet('proto-component-id');
    }
  }
}
