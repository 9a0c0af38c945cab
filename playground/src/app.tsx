/**
 * The page: the surfaces on the left, the panel on the right. The session (store, saga, agent)
 * is rebuilt on Reset and when another conversation is picked; `key` remounts the tree with it.
 * Sessions are made in event handlers (never in render or effects, which StrictMode repeats).
 */
import { useState } from 'react';
import { Provider } from 'react-redux';
import { CONVERSATIONS, type Conversation } from './conversations';
import { Panel } from './panel';
import { A2uiProvider, A2uiSurface, createComponents, useA2uiSurfaces } from '../../src/react/index';
import { McpApp } from '../../src/react/mcpAppEntry';
import { a2ui, createPlaygroundSession, type PlaygroundSession } from './session';

interface Current {
  conversation: Conversation;
  session: PlaygroundSession;
  generation: number;
}

let first: Current | undefined;
function firstSession(): Current {
  const conversation = CONVERSATIONS[0] as Conversation;
  first ??= { conversation, session: createPlaygroundSession(conversation), generation: 1 };
  return first;
}

/** The basic catalog's components and the MCP catalog's McpApp. */
const components = createComponents({ McpApp });

/** Every surface of the session, sorted by id, drawn by the package's React components. */
function Surfaces() {
  const ids = useA2uiSurfaces();
  if (ids.length === 0) return <p className="empty" data-testid="no-surfaces">No surface yet: press Next or Play all.</p>;
  return (
    <>
      {ids.map((id) => (
        <A2uiSurface key={id} surfaceId={id} components={components} />
      ))}
    </>
  );
}

export function App() {
  const [current, setCurrent] = useState(firstSession);

  const load = (conversation: Conversation) => {
    const session = createPlaygroundSession(conversation, current.session);
    current.session.dispose();
    setCurrent({ conversation, session, generation: current.generation + 1 });
  };

  return (
    <Provider store={current.session.store} key={current.generation}>
      <A2uiProvider a2ui={a2ui} {...(current.session.mcpApps ? { mcpApps: current.session.mcpApps } : {})}>
        <div className="page">
          <header className="page-header">
            <h1>a2ui-redux playground</h1>
            <span>
              A scripted A2UI v1.0 agent talking to a real Redux store through the in-memory transport. Redux DevTools show every action.
            </span>
          </header>
          <main className="surfaces" data-testid="surfaces">
            <Surfaces />
          </main>
          <Panel session={current.session} load={load} reset={() => load(current.conversation)} />
        </div>
      </A2uiProvider>
    </Provider>
  );
}
