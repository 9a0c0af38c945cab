/**
 * Frozen agent payloads for the Redux tests: a form surface that exercises a two-way binding,
 * a List template, an agent-bound property, an agent call nobody answers, and a Button event.
 */
import { BASIC_CATALOG_ID, deepFreeze } from './reduxHarness';

/** Node refs of the form surface: component ids, and `item@<item path>` for the template's items. */
export const FORM_REFS = Object.freeze({
  root: 'root',
  name: 'name',
  items: 'items',
  item0: 'item@/items/0',
  item1: 'item@/items/1',
  item2: 'item@/items/2',
  greeting: 'greeting',
  slow: 'slow',
  submit: 'submit',
  submitLabel: 'submitLabel',
});

/**
 * createSurface for `surfaceId` (sendDataModel): a TextField bound to /name, a List templated over
 * /items, a Text whose `text` is the agent function `greeting(who: /name)`, a Text bound to the
 * agent function `slowLookup` (which the scripted agent never answers), and a Button whose event
 * carries a context read from the data model.
 */
export function formSurface(surfaceId = 'form') {
  return deepFreeze({
    version: 'v1.0',
    createSurface: {
      surfaceId,
      catalogId: BASIC_CATALOG_ID,
      sendDataModel: true,
      components: [
        { id: 'root', component: 'Column', children: ['name', 'items', 'greeting', 'slow', 'submit'] },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
        { id: 'items', component: 'List', children: { path: '/items', componentId: 'item' } },
        { id: 'item', component: 'Text', text: { path: 'label' } },
        { id: 'greeting', component: 'Text', text: { call: 'greeting', args: { who: { path: '/name' } } } },
        { id: 'slow', component: 'Text', text: { call: 'slowLookup', args: { topic: 'weather' } } },
        {
          id: 'submit',
          component: 'Button',
          child: 'submitLabel',
          action: {
            event: {
              name: 'submit',
              context: { name: { path: '/name' }, firstItem: { path: '/items/0/label' }, source: 'form' },
            },
          },
        },
        { id: 'submitLabel', component: 'Text', text: 'Submit' },
      ],
      dataModel: { name: 'Ada', items: [{ label: 'apples' }, { label: 'pears' }] },
    },
  });
}

/** A plain surface with no agent functions: a Text bound to /title and a Text bound to /body. */
export function plainSurface(surfaceId: string, title = 'Hello') {
  return deepFreeze({
    version: 'v1.0',
    createSurface: {
      surfaceId,
      catalogId: BASIC_CATALOG_ID,
      components: [
        { id: 'root', component: 'Column', children: ['title', 'body'] },
        { id: 'title', component: 'Text', text: { path: '/title' } },
        { id: 'body', component: 'Text', text: { path: '/body' } },
      ],
      dataModel: { title, body: 'text' },
    },
  });
}

/** `updateDataModel` of one path. */
export function dataUpdate(surfaceId: string, path: string, value: unknown) {
  return deepFreeze({ version: 'v1.0', updateDataModel: { surfaceId, path, value } });
}

/** `agentFunctionResponse` with a value. */
export function agentAnswer(functionCallId: string, value: unknown) {
  return deepFreeze({ version: 'v1.0', agentFunctionResponse: { functionCallId, value } });
}

/** What the scripted agent answers. */
export const AGENT_FUNCTIONS = Object.freeze({
  greeting: (args: Record<string, unknown>) => `Hello, ${String(args.who)}!`,
});

/**
 * createSurface for `surfaceId`: a TextField bound to /q and a Text whose `text` is the agent
 * function `lookup(q: /q)`, so every keystroke in the field changes the call's arguments (the
 * surface the debounce tests type into).
 */
export function echoSurface(surfaceId = 's') {
  return deepFreeze({
    version: 'v1.0',
    createSurface: {
      surfaceId,
      catalogId: BASIC_CATALOG_ID,
      components: [
        { id: 'root', component: 'Column', children: ['field', 'echo'] },
        { id: 'field', component: 'TextField', label: 'q', value: { path: '/q' } },
        { id: 'echo', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
      ],
      dataModel: { q: '' },
    },
  });
}

/**
 * createSurface for `surfaceId`: a Button sending the event `go`, a Button opening a URL
 * (`openUrl`, ref `open`) and a Text bound to the agent function `lookup(q: /q)`, so one surface
 * makes every kind of outbox entry: an action, a URL to open and an agent call.
 */
export function goOpenLookupSurface(surfaceId = 'b') {
  return deepFreeze({
    version: 'v1.0',
    createSurface: {
      surfaceId,
      catalogId: BASIC_CATALOG_ID,
      components: [
        { id: 'root', component: 'Row', children: ['go', 'open', 'calls'] },
        { id: 'go', component: 'Button', child: 'goLabel', action: { event: { name: 'go' } } },
        { id: 'goLabel', component: 'Text', text: 'Go' },
        { id: 'open', component: 'Button', child: 'openLabel', action: { functionCall: { call: 'openUrl', args: { url: 'https://example.com/' } } } },
        { id: 'openLabel', component: 'Text', text: 'Open' },
        { id: 'calls', component: 'Text', text: { call: 'lookup', args: { q: { path: '/q' } } } },
      ],
      dataModel: { q: 'a' },
    },
  });
}
