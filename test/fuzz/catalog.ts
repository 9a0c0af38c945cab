/**
 * A second catalog for the fuzz runs: functions the agent may call (callRendererFunction), one
 * it may not, one that needs user activation, one that throws, one declared for the agent, and
 * one only the agent may call. Every implementation records that it ran, so the tests can check
 * that nothing ran that should not have.
 */
import { defineCatalog } from '../../src/catalog';
import type { FunctionContext } from '../../src/catalog/types';

export const FUZZ_CATALOG_ID = 'https://example.com/fuzz/catalog.json';

/** Every run of an implementation of the fuzz catalog, in order. */
export const RAN: Array<{ name: string; caller: FunctionContext['caller']; userActivated: boolean }> = [];

const record = (name: string, context: FunctionContext): void => {
  RAN.push({ name, caller: context.caller, userActivated: context.userActivated });
};

export const fuzzCatalog = defineCatalog({
  catalogId: FUZZ_CATALOG_ID,
  components: {
    Label: { type: 'object', properties: { component: { const: 'Label' }, text: { $ref: 'common_types.json#/$defs/DynamicString' } }, required: ['component'] },
  },
  functions: {
    echo: {
      definition: { returnType: 'any', allowedCallers: 'rendererOrAgent' },
      implementation: (args, context) => {
        record('echo', context);
        // Returned as JSON: a non-JSON return value (e.g. [undefined] from a binding to missing
        // data) reaches the agent unconverted, a known bug (knownBugs.test.ts › BUG 6).
        return args.value === undefined ? null : (JSON.parse(JSON.stringify(args.value) ?? 'null') as unknown);
      },
    },
    setData: {
      definition: { returnType: 'void', allowedCallers: 'rendererOrAgent' },
      implementation: (args, context) => {
        record('setData', context);
        context.request({ type: 'setData', path: String(args.path), value: args.value });
        return undefined;
      },
    },
    secret: {
      definition: { returnType: 'string' },
      implementation: (_args, context) => {
        record('secret', context);
        return 'renderer-only';
      },
    },
    activated: {
      definition: { returnType: 'string', allowedCallers: 'rendererOrAgent', requiresUserActivation: true },
      implementation: (_args, context) => {
        record('activated', context);
        return 'ran';
      },
    },
    thrower: {
      definition: { returnType: 'string', allowedCallers: 'rendererOrAgent' },
      implementation: (_args, context) => {
        record('thrower', context);
        throw new Error('thrower always throws');
      },
    },
    remote: { definition: { returnType: 'string', allowedCallers: 'rendererOrAgent', description: 'Runs on the agent.' } },
    agentOnly: {
      definition: { returnType: 'string', allowedCallers: 'agentOnly' },
      implementation: (_args, context) => {
        record('agentOnly', context);
        return 'agent-only';
      },
    },
  },
});

/** No implementation ran where the catalog forbids it. */
export function forbiddenRuns(): string[] {
  return RAN.flatMap((run) => {
    if (run.name === 'secret' && run.caller === 'agent') return ['secret (rendererOnly) ran for the agent'];
    if (run.name === 'agentOnly' && run.caller === 'renderer') return ['agentOnly ran for the renderer'];
    if (run.name === 'activated' && !run.userActivated) return ['activated ran without user activation'];
    return [];
  });
}
