/**
 * The conversations the playground can play: the demo's travel agent, the bundled example
 * streams (imported as text with Vite's `?raw`), a gallery of every basic-catalog component, and
 * whatever the user pastes. A conversation is a list of steps, each one agent payload.
 */
import { BASIC_CATALOG_ID } from '../../src/index';
import { OPENING, TRAVEL_CATALOG_ID } from '../../src/cli/demo';
import brokenJsonl from '../../examples/broken.jsonl?raw';
import travelBookingJsonl from '../../examples/travel-booking.jsonl?raw';
import { GALLERY } from './gallery';
import { MCP_APP_CONVERSATION } from './mcpApp';

/** One agent payload: a parsed message (or list of them), or raw text the session will judge. */
export interface Step {
  label: string;
  payload: unknown;
}

export interface Conversation {
  id: string;
  title: string;
  /** One line on what it shows. */
  blurb: string;
  steps: Step[];
}

const v = <T extends object>(body: T) => ({ version: 'v1.0' as const, ...body });

const BODY_KEYS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface', 'callRendererFunction', 'agentFunctionResponse'];

/** A short label for a payload: its message kinds and surfaces. */
export function describePayload(payload: unknown): string {
  if (typeof payload === 'string') return `text: ${payload.length > 48 ? `${payload.slice(0, 48)}…` : payload}`;
  if (Array.isArray(payload)) return `${payload.length} messages`;
  if (typeof payload !== 'object' || payload === null) return `a ${payload === null ? 'null' : typeof payload}`;
  const record = payload as Record<string, unknown>;
  if (Array.isArray(record.messages)) return `${record.messages.length} messages`;
  const kinds = Object.keys(record).filter((key) => key !== 'version');
  const parts = kinds.map((kind) => {
    const body = record[kind];
    if (typeof body !== 'object' || body === null) return kind;
    const b = body as Record<string, unknown>;
    const target = typeof b.surfaceId === 'string' ? ` · ${b.surfaceId}` : '';
    if (kind === 'updateComponents' && Array.isArray(b.components)) return `${kind}${target} (${b.components.length} components)`;
    if (kind === 'updateDataModel') return `${kind}${target} ${typeof b.path === 'string' ? b.path : '/'}`;
    if (kind === 'callRendererFunction' || kind === 'agentFunctionResponse') {
      const call = (b.callFunction as { call?: unknown } | undefined)?.call;
      return `${kind}${typeof call === 'string' ? ` ${call}` : ''}${typeof b.functionCallId === 'string' ? ` #${b.functionCallId}` : ''}`;
    }
    return `${kind}${target}`;
  });
  const version = typeof record.version === 'string' && record.version !== 'v1.0' ? ` [${record.version}]` : '';
  const unknown = kinds.filter((kind) => !BODY_KEYS.includes(kind));
  return (parts.join(' + ') || 'no message body') + version + (unknown.length > 0 && kinds.length === unknown.length ? ' (unknown kind)' : '');
}

const step = (payload: unknown): Step => ({ label: describePayload(payload), payload });

/**
 * Splits a stream the way the CLI reads one: a JSON array, a `{"messages": [...]}` document, or
 * JSON Lines. A line that is not JSON stays raw text, so the session reports it as the agent's
 * error (exactly what a renderer would do with such a line).
 */
export function parseStream(text: string): Step[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const whole: unknown = JSON.parse(trimmed);
      if (Array.isArray(whole)) return whole.map(step);
      if (typeof whole === 'object' && whole !== null && Array.isArray((whole as { messages?: unknown }).messages)) {
        return ((whole as { messages: unknown[] }).messages).map(step);
      }
      return [step(whole)];
    } catch {
      // Not one JSON document: JSON Lines.
    }
  }
  return trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return step(JSON.parse(line) as unknown);
      } catch {
        return step(line);
      }
    });
}

export const CONVERSATIONS: Conversation[] = [
  {
    id: 'travel',
    title: 'Travel agent (the npm start demo)',
    blurb:
      'A search form: type a destination (the fare is quoted by the agent), press Search (the agent answers with flights). The seat map is never answered and times out.',
    steps: [
      ...OPENING.map(step),
      step(v({ callRendererFunction: { functionCallId: 'agent-1', callFunction: { call: 'rendererLocale', catalogId: TRAVEL_CATALOG_ID } } })),
      step(
        v({
          callRendererFunction: {
            functionCallId: 'agent-2',
            callFunction: { call: 'formatDate', catalogId: BASIC_CATALOG_ID, args: { value: '2027-01-01', format: 'yyyy' } },
          },
        }),
      ),
    ],
  },
  {
    id: 'travel-booking',
    title: 'examples/travel-booking.jsonl',
    blurb: 'A sound stream: a search card with inputs, a template list, a second surface created and deleted.',
    steps: parseStream(travelBookingJsonl),
  },
  {
    id: 'broken',
    title: 'examples/broken.jsonl',
    blurb: 'Broken on purpose: each bad message is answered with an error; the log shows what the agent is told.',
    steps: parseStream(brokenJsonl),
  },
  {
    id: 'gallery',
    title: 'Component gallery',
    blurb: 'Every basic-catalog component, accessibility attributes, checks, and placeholders for broken references.',
    steps: GALLERY.map(step),
  },
  {
    id: 'mcp-app',
    title: 'MCP App',
    blurb: 'An MCP App in the double-iframe sandbox: its button calls a tool, the agent answers, the surface and the app update.',
    steps: MCP_APP_CONVERSATION.map(step),
  },
];

/** The conversation made from pasted text. */
export function pastedConversation(text: string): Conversation {
  return { id: 'pasted', title: 'Pasted stream', blurb: 'Your own stream, one payload per step.', steps: parseStream(text) };
}
