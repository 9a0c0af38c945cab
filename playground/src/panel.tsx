/**
 * The side panel: pick or paste a conversation and play it step by step, steer the scripted
 * agent (reply delay, hold and release), and read the conversation log (`selectLog`: what the
 * agent sent and what the renderer delivered back) and the host events (URLs to open, the
 * agent's choices, agent-call timeouts).
 */
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { LogEntry } from '../../src/index';
import { CONVERSATIONS, describePayload, pastedConversation, type Conversation } from './conversations';
import { a2ui, type PlaygroundSession, type RootState } from './session';

interface PanelProps {
  session: PlaygroundSession;
  load(conversation: Conversation): void;
  reset(): void;
}

export function Panel({ session, load, reset }: PanelProps) {
  return (
    <aside className="panel" aria-label="Playground controls">
      <ConversationPicker session={session} load={load} reset={reset} />
      <AgentControls session={session} />
      <PendingCalls />
      <Log />
      <HostEvents />
    </aside>
  );
}

function ConversationPicker({ session, load, reset }: PanelProps) {
  const player = useSelector((state: RootState) => state.player);
  const [pasted, setPasted] = useState('');
  const done = player.cursor >= player.steps.length;
  return (
    <section className="panel-section">
      <h2>Conversation</h2>
      <select
        data-testid="conversation-select"
        aria-label="Conversation"
        value={player.conversationId}
        onChange={(e) => {
          const conversation = CONVERSATIONS.find((c) => c.id === e.target.value);
          if (conversation) load(conversation);
        }}
      >
        {CONVERSATIONS.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
        {player.conversationId === 'pasted' && <option value="pasted">Pasted stream</option>}
      </select>
      <p className="blurb">{player.blurb}</p>
      <div className="buttons">
        <button type="button" data-testid="next" onClick={() => session.next()} disabled={done}>
          Next
        </button>
        <button type="button" data-testid="play-all" onClick={() => session.playAll()} disabled={done}>
          Play all
        </button>
        <button type="button" data-testid="reset" onClick={reset}>
          Reset
        </button>
        <span className="step-status" data-testid="step-status" data-done={String(done)} aria-live="polite">
          {player.cursor} / {player.steps.length} sent
        </span>
      </div>
      <LastError />
      <ol className="steps" data-testid="steps">
        {player.steps.map((step, i) => (
          <li key={i} className={i < player.cursor ? 'step is-sent' : i === player.cursor ? 'step is-next' : 'step'}>
            <details>
              <summary>{step.label}</summary>
              <pre>{typeof step.payload === 'string' ? step.payload : JSON.stringify(step.payload, null, 2)}</pre>
            </details>
          </li>
        ))}
      </ol>
      <details className="paste">
        <summary>Paste a stream</summary>
        <textarea
          data-testid="paste-input"
          aria-label="A2UI stream: JSON Lines, a JSON array, or a messages document"
          placeholder={'{"version": "v1.0", "createSurface": {...}}\n{"version": "v1.0", "updateComponents": {...}}'}
          rows={6}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
        />
        <button type="button" data-testid="paste-load" disabled={pasted.trim() === ''} onClick={() => load(pastedConversation(pasted))}>
          Load pasted stream
        </button>
      </details>
    </section>
  );
}

/** The session's last failed operation (also what a stream line the agent is never told about did). */
function LastError() {
  const error = useSelector((state: RootState) => a2ui.selectors.selectA2ui(state).session.lastError);
  if (error === null) return null;
  return (
    <p className="last-error" data-testid="last-error" role="status">
      Last problem ({error.operation}): <code>{error.code}</code> {error.message}
    </p>
  );
}

function AgentControls({ session }: { session: PlaygroundSession }) {
  const agent = useSelector((state: RootState) => state.player.agent);
  return (
    <section className="panel-section">
      <h2>Scripted agent</h2>
      <div className="agent-controls">
        <label>
          Reply after{' '}
          <select data-testid="agent-delay" value={agent.delayMs} onChange={(e) => session.setDelay(Number(e.target.value))}>
            <option value={0}>0 s</option>
            <option value={500}>0.5 s</option>
            <option value={2000}>2 s</option>
          </select>
        </label>
        <label>
          <input type="checkbox" data-testid="agent-hold" checked={agent.hold} onChange={(e) => session.setHold(e.target.checked)} /> Hold replies
        </label>
        <button type="button" data-testid="agent-release" disabled={agent.held.length === 0} onClick={() => session.release()}>
          Release {agent.held.length} held
        </button>
      </div>
    </section>
  );
}

function PendingCalls() {
  const pending = useSelector((state: RootState) => a2ui.selectors.selectPendingAgentCalls(state));
  return (
    <section className="panel-section">
      <h2>Waiting for the agent</h2>
      {pending.length === 0 ? (
        <p className="empty">No agent call pending.</p>
      ) : (
        <ul className="pending" data-testid="pending-calls">
          {pending.map((row) => (
            <li key={row.callId}>
              <span className="spinner" aria-hidden="true" /> <code>{row.call.call}</code>({Object.entries(row.call.args).map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')}) #{row.callId}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function summarize(entry: LogEntry): string {
  if (entry.direction === 'in') return describePayload(entry.payload);
  const { version: _version, ...bodies } = entry.message;
  return Object.entries(bodies)
    .map(([kind, body]) => {
      const b = (body ?? {}) as Record<string, unknown>;
      if (kind === 'action') return `action ${String(b.name)} from ${String(b.sourceComponentId)}`;
      if (kind === 'callAgentFunction') return `callAgentFunction ${String((b.callFunction as { call?: unknown } | undefined)?.call)} #${String(b.functionCallId)}`;
      if (kind === 'rendererFunctionResponse') return `rendererFunctionResponse #${String(b.functionCallId)}${'error' in b ? ' (error)' : ''}`;
      if (kind === 'error') return `error ${String(b.code)}`;
      return kind;
    })
    .join(' + ');
}

function Log() {
  const entries = useSelector((state: RootState) => a2ui.selectors.selectLog(state));
  const [onlyOut, setOnlyOut] = useState(false);
  const shown = (onlyOut ? entries.filter((e) => e.direction === 'out') : entries).slice().reverse();
  return (
    <section className="panel-section">
      <h2>
        Log{' '}
        <label className="log-filter">
          <input type="checkbox" checked={onlyOut} onChange={(e) => setOnlyOut(e.target.checked)} /> renderer → agent only
        </label>
      </h2>
      <ol className="log" data-testid="log">
        {shown.map((entry) => (
          <li key={entry.seq} className={`log-entry log-${entry.direction}`} data-testid="log-entry" data-direction={entry.direction}>
            <details>
              <summary>
                <span className="seq">{entry.seq}</span> <span className="arrow">{entry.direction === 'in' ? 'agent → renderer' : 'renderer → agent'}</span>{' '}
                {summarize(entry)}
              </summary>
              <pre>{JSON.stringify(entry.direction === 'in' ? entry.payload : { message: entry.message, ...(entry.metadata ? { metadata: entry.metadata } : {}) }, null, 2)}</pre>
            </details>
            {/* The full message, for tests and for searching the page. */}
            {entry.direction === 'out' && (
              <code className="log-json" data-testid="log-json">
                {JSON.stringify(entry.message)}
              </code>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function HostEvents() {
  const events = useSelector((state: RootState) => state.player.events);
  if (events.length === 0) return null;
  return (
    <section className="panel-section">
      <h2>Host events</h2>
      <ol className="events" data-testid="events">
        {events
          .slice()
          .reverse()
          .map((event) => (
            <li key={event.id} className={`event event-${event.kind}`} data-kind={event.kind}>
              {event.kind === 'openUrl' ? (
                <>
                  openUrl port: would open{' '}
                  <a href={event.text} target="_blank" rel="noopener noreferrer">
                    {event.text}
                  </a>
                </>
              ) : (
                event.text
              )}
            </li>
          ))}
      </ol>
    </section>
  );
}
