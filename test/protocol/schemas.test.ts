/**
 * The smaller schemas (catalog definition, capabilities, data model, list forms) against the spec
 * schemas run by ajv, plus checks that the exported types follow the schemas.
 */
import type * as z from 'zod/mini';
import {
  AgentCapabilitiesSchema,
  AgentToRendererListSchema,
  AgentToRendererListWrapperSchema,
  CatalogDefinitionSchema,
  FunctionCallSchema,
  RendererCapabilitiesSchema,
  RendererDataModelSchema,
  RendererToAgentListSchema,
  ValidationResultSchema,
  type AgentToRendererMessage,
  type DynamicString,
  type ErrorBody,
  type FunctionCall,
  type FunctionResponse,
} from '../../src/protocol';
import { OPEN_CATALOG, basicCatalogJson, specAjv, specValidator, type Json } from './spec';

const ajv = specAjv(OPEN_CATALOG);
const fn = (extra: Record<string, Json>) => ({
  type: 'object',
  properties: { call: { const: 'f' } },
  required: ['call'],
  returnType: 'string',
  ...extra,
});
const catalog = (extra: Record<string, Json>) => ({ catalogId: 'https://example.com/c', ...extra });

const cases: [string, z.ZodMiniType, Json[]][] = [
  [
    'catalog_definition.json',
    CatalogDefinitionSchema,
    [
      basicCatalogJson(),
      catalog({}),
      catalog({ protocolVersion: '1.0' }),
      catalog({ protocolVersion: 'v1' }),
      catalog({ catalogId: 5 }),
      catalog({ extra: 1 }),
      catalog({ $defs: { anyComponent: {}, anyFunction: {} } }),
      catalog({ $defs: { anyComponent: {} } }),
      catalog({ $defs: { anyComponent: {}, anyFunction: {}, Other: {} } }),
      catalog({ components: { A: { type: 'object', allowedChildren: ['B', 'B'] } } }),
      catalog({ components: { A: { type: 'object', metadata: { extensions: { x: 1 } } } } }),
      catalog({ components: { A: { type: 'object', metadata: { other: 1 } } } }),
      catalog({ components: { A: true } }),
      catalog({ functions: { f: fn({}) } }),
      catalog({ functions: { f: fn({ returnType: 'date' }) } }),
      catalog({ functions: { f: fn({ required: ['args'] }) } }),
      catalog({ functions: { f: fn({ allowedCallers: 'rendererOrAgent', requiresUserActivation: false }) } }),
      catalog({ functions: { f: fn({ allowedCallers: 'agentOnly', requiresUserActivation: true }) } }),
      catalog({ functions: { f: fn({ requiresUserActivation: true }) } }),
      catalog({ functions: { f: fn({ examples: [] }) } }),
      catalog({ functions: { f: fn({ properties: { call: { const: 'f' }, other: {} } }) } }),
      catalog({ functions: { f: fn({ allowedCallers: 'agentOnly' }) } }),
    ],
  ],
  [
    'renderer_capabilities.json',
    RendererCapabilitiesSchema,
    [
      { 'v1.0': { supportedCatalogIds: ['a'] } },
      { 'v1.0': { supportedCatalogIds: ['a'], inlineCatalogs: [basicCatalogJson()] } },
      { 'v1.0': { supportedCatalogIds: ['a'], inlineCatalogs: [{ title: 'no id' }] } },
      { 'v1.0': {} },
      { 'v0.9': { supportedCatalogIds: [] } },
      { 'v1.0': { supportedCatalogIds: [1] }, other: true },
    ],
  ],
  [
    'agent_capabilities.json',
    AgentCapabilitiesSchema,
    [{ 'v1.0': {} }, { 'v1.0': { acceptsInlineCatalogs: 'yes' } }, { 'v1.0': { supportedCatalogIds: ['a'], extra: 1 } }, {}, []],
  ],
  [
    'renderer_data_model.json',
    RendererDataModelSchema,
    [
      { version: 'v1.0', surfaces: {} },
      { version: 'v1.0', surfaces: { s: { a: [1] } } },
      { version: 'v1.0', surfaces: { s: [1] } },
      { version: 'v1.0', surfaces: { s: null } },
      { version: 'v0.9', surfaces: {} },
      { version: 'v1.0', surfaces: {}, extra: 1 },
      { version: 'v1.0' },
    ],
  ],
  [
    'agent_to_renderer_list_wrapper.json',
    AgentToRendererListWrapperSchema,
    [
      { messages: [] },
      { messages: [{ version: 'v1.0', deleteSurface: { surfaceId: 's' } }] },
      { messages: [{ version: 'v1.0' }] },
      { messages: [], extra: 1 },
      { messages: {} },
    ],
  ],
  ['agent_to_renderer_list.json', AgentToRendererListSchema, [[], [{ version: 'v1.0', deleteSurface: { surfaceId: 's' } }], [1], {}]],
  [
    'renderer_to_agent_list.json',
    RendererToAgentListSchema,
    [[], [{ version: 'v1.0', error: { code: 'X', message: 'm', surfaceId: 's' } }], [{ version: 'v1.0', error: { code: 'X', message: 'm' } }]],
  ],
];

/** The spec's `if requiresUserActivation` also matches when the key is absent; we read it as intended. */
const KNOWN_DIFFERENCES = new Set(['catalog_definition.json#21']);

describe('small schemas agree with the spec schemas', () => {
  for (const [file, schema, values] of cases) {
    test(file, () => {
      const validate = specValidator(ajv, file);
      const disagreements = values
        .map((value, i) => ({ key: `${file}#${i}`, ours: schema.safeParse(value).success, spec: validate(value) as boolean }))
        .filter(({ key, ours, spec }) => ours !== spec && !KNOWN_DIFFERENCES.has(key));
      expect(disagreements).toEqual([]);
    });
  }

  test('known difference: allowedCallers without requiresUserActivation', () => {
    const value = catalog({ functions: { f: fn({ allowedCallers: 'agentOnly' }) } });
    expect(cases[0]?.[2][21]).toEqual(value);
    expect(specValidator(ajv, 'catalog_definition.json')(value)).toBe(false);
    expect(CatalogDefinitionSchema.safeParse(value).success).toBe(true);
  });

  test('ValidationResult (catalog_definition.json#/$defs/ValidationResult)', () => {
    const validate = ajv.getSchema('https://a2ui.org/specification/v1_0/catalog_definition.json#/$defs/ValidationResult');
    for (const value of [{ valid: true }, { valid: false, code: 'E', message: 'm', severity: 'warning', extra: 1 }, { valid: 'yes' }, { severity: 'fatal', valid: true }, {}]) {
      expect(ValidationResultSchema.safeParse(value).success).toBe(validate?.(value));
    }
  });
});

describe('types are inferred from the schemas', () => {
  test('messages, bodies and unions narrow as the wire format says', () => {
    const message: AgentToRendererMessage = { version: 'v1.0', deleteSurface: { surfaceId: 's' } };
    if ('deleteSurface' in message) expect(message.deleteSurface.surfaceId).toBe('s');
    // @ts-expect-error the version is a literal
    const wrongVersion: AgentToRendererMessage = { version: 'v2', deleteSurface: { surfaceId: 's' } };
    const call: FunctionCall = { call: 'formatString', args: { value: { call: 'now' } } };
    const dynamic: DynamicString = { path: '/name' };
    // @ts-expect-error a binding path is a string
    const badBinding: DynamicString = { path: 1 };
    const response: FunctionResponse = { functionCallId: 'c', error: { code: 'E', message: 'm' } };
    if ('error' in response) expect(response.error.code).toBe('E');
    // @ts-expect-error a generic error names a surface or a call, not both
    const both: ErrorBody = { code: 'X', message: 'm', surfaceId: 's', functionCallId: 'c' };
    expect([wrongVersion, dynamic, badBinding, both]).toHaveLength(4);
    expect(FunctionCallSchema.safeParse(call).success).toBe(true);
  });
});
