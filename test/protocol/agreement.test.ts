/**
 * Our validation and the spec's JSON schemas (run by ajv) give the same valid/invalid answer on
 * every message of the basic catalog examples and on mutations of them. Two pairings:
 * - envelope: zod alone vs the spec schemas with an open catalog (any component, any function);
 * - full: zod plus createComponentValidator(basic, reject) vs the spec schemas with the basic catalog.
 */
import { parseAgentMessage, parseRendererMessage } from '../../src/protocol';
import { createComponentValidator } from '../../src/protocol/componentValidation';
import { mutations, pointers, setAt } from './corpus';
import {
  OPEN_CATALOG,
  basicCatalogJson,
  catalogAlias,
  catalogAnswer,
  specAjv,
  specFiles,
  specJson,
  specValidator,
  type Json,
  type JsonObject,
} from './spec';

const openAgent = specValidator(specAjv(OPEN_CATALOG), 'agent_to_renderer.json');
const openRenderer = specValidator(specAjv(OPEN_CATALOG), 'renderer_to_agent.json');
const basicAgent = specValidator(specAjv(catalogAlias(basicCatalogJson())), 'agent_to_renderer.json');
const basicValidator = createComponentValidator(basicCatalogJson(), { unknownFunctions: 'reject' });

/**
 * Documented difference: our FunctionCall args are dynamic values, so an object with `path` or
 * `call` inside args must be a well-formed binding or call, even where a catalog function types
 * that argument as "anything" (e.g. `required.value`). The spec schema accepts those.
 */
function isArgsDifference(label: string, ours: boolean, spec: boolean): boolean {
  return spec && !ours && /\/args\/[^/]+\/(path|call|args)/.test(label);
}

const examples = specFiles('catalogs/basic/examples', '.json');
const tally = { messages: 0, mutations: 0, envelopeChecks: 0, fullChecks: 0, argsDifferences: 0 };

describe('agreement with the spec JSON schemas (ajv 2020)', () => {
  for (const file of examples) {
    test(file, () => {
      const sample = specJson(`catalogs/basic/examples/${file}`);
      const messages = sample['messages'] as JsonObject[];
      const disagreements: string[] = [];
      for (const [index, message] of messages.entries()) {
        tally.messages += 1;
        for (const mutation of mutations(message)) {
          tally.mutations += 1;
          const envelope = parseAgentMessage(mutation.value).ok;
          const openSpec = openAgent(mutation.value) as boolean;
          tally.envelopeChecks += 1;
          if (envelope !== openSpec) disagreements.push(`[envelope] message ${index}, ${mutation.label}: ours ${envelope}, spec ${openSpec}`);
          const full = catalogAnswer(mutation.value, basicValidator);
          const basicSpec = basicAgent(mutation.value) as boolean;
          tally.fullChecks += 1;
          if (full === basicSpec) continue;
          if (isArgsDifference(mutation.label, full, basicSpec)) tally.argsDifferences += 1;
          else disagreements.push(`[full] message ${index}, ${mutation.label}: ours ${full}, spec ${basicSpec}`);
        }
      }
      expect(disagreements).toEqual([]);
    });
  }

  test('documented difference: a binding-shaped argument must be a valid binding', () => {
    const message = {
      version: 'v1.0',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 't', component: 'Text', text: 'T', accessibility: { label: { call: 'required', args: { value: { path: 5 } } } } },
        ],
      },
    };
    // `required.value` accepts anything in the catalog, but a renderer reads `{ path }` as a binding.
    expect(basicAgent(message)).toBe(true);
    expect(catalogAnswer(message, basicValidator)).toBe(false);
    expect(isArgsDifference('/updateComponents/components/0/accessibility/label/args/value/path wrong type', false, true)).toBe(true);
  });

  test('every example message is valid both ways', () => {
    for (const file of examples) {
      for (const message of specJson(`catalogs/basic/examples/${file}`)['messages'] as JsonObject[]) {
        expect([parseAgentMessage(message).ok, catalogAnswer(message, basicValidator)]).toEqual([true, true]);
      }
    }
  });

  test('renderer-to-agent messages and mutations agree', () => {
    const messages: JsonObject[] = [
      {
        version: 'v1.0',
        action: { name: 'submit', surfaceId: 's', sourceComponentId: 'b', timestamp: '2025-01-31T12:00:00Z', context: { a: 1 } },
      },
      {
        version: 'v1.0',
        callAgentFunction: { surfaceId: 's', functionCallId: 'c1', callFunction: { call: 'lookup', args: { q: { path: '/q' } } } },
      },
      { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c2', value: [1, null] } },
      { version: 'v1.0', rendererFunctionResponse: { functionCallId: 'c3', error: { code: 'EXECUTION_FAILED', message: 'no' } } },
      { version: 'v1.0', error: { code: 'VALIDATION_FAILED', surfaceId: 's', path: '/components/0', message: 'bad' } },
      { version: 'v1.0', error: { code: 'INVALID_FUNCTION_CALL', functionCallId: 'c4', message: 'rendererOnly' } },
    ];
    const disagreements: string[] = [];
    for (const message of messages) {
      for (const [label, value] of [
        ['as is', message],
        ...pointers(message).map((p) => [`${p} dropped`, setAt(message, p, undefined)]),
        ...pointers(message).map((p) => [`${p} wrong type`, setAt(message, p, 42)]),
        ['extra key', setAt(message, '/extra', 1)],
      ] as [string, Json][]) {
        const ours = parseRendererMessage(value).ok;
        const spec = openRenderer(value) as boolean;
        if (ours !== spec) disagreements.push(`${label} of ${JSON.stringify(message)}: ours ${ours}, spec ${spec}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  afterAll(() => {
    process.stdout.write(
      `agreement: ${tally.messages} example messages, ${tally.mutations} variants, ` +
        `${tally.envelopeChecks} envelope and ${tally.fullChecks} full comparisons, ` +
        `${tally.argsDifferences} documented args differences\n`,
    );
  });
});
