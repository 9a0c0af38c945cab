/** What applying one agent message takes and gives, shared by the processor's message handlers. */
import type { Effect } from '../model/effects';
import type { SessionState } from '../model/state';
import type { A2uiError } from '../protocol/errors';

/** The outcome of one message: the new state and its effects, or the unchanged state and the error. */
export type StepResult =
  | { ok: true; state: SessionState; effects: Effect[] }
  | { ok: false; state: SessionState; effects: Effect[]; error: A2uiError };

export interface MessageOptions {
  userActivated?: boolean;
  /** The surface a callRendererFunction runs against (for data bindings in its args). */
  surfaceId?: string;
  /** Messages from an MCP tool's UI resource never recreate a surface that exists. */
  keepExistingSurfaces?: boolean;
  /** Records the current operation created and may still write in place (see withSurface). */
  owned?: WeakSet<object>;
}
