/**
 * The MCP catalog's catalog.json, as this package speaks it: the shape of the A2UI MCP catalog
 * draft (specification/catalogs/mcp/v1, the `McpApp` component and six functions), written with
 * v1.0's `call` where the draft writes `@call`. Descriptions are ours; the structure is the spec's.
 */

/** The MCP catalog's id. */
export const MCP_CATALOG_ID = 'https://a2ui.org/specification/v1_0/catalogs/mcp/catalog.json';

const COMMON = 'https://a2ui.org/specification/v1_0/common_types.json#/$defs';
const dynamic = (kind: 'DynamicString' | 'DynamicValue', description: string) => ({ $ref: `${COMMON}/${kind}`, description });

const stringList = (description: string) => ({ type: 'array', description, items: { type: 'string' } });
const permission = (description: string) => ({ type: ['boolean', 'object'], description });

/** A function's FunctionCall schema: `call` fixed to its name, `args` closed. */
function functionSchema(
  name: string,
  description: string,
  properties: Record<string, unknown>,
  required: string[],
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'object',
    description,
    returnType: 'any',
    ...extra,
    properties: {
      call: { const: name },
      args: { type: 'object', properties, required, additionalProperties: false },
    },
    required: ['call', 'args'],
    unevaluatedProperties: false,
  };
}

/** The catalog document (catalog_definition.json shape). */
export const MCP_CATALOG_JSON: { readonly [key: string]: unknown } = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: MCP_CATALOG_ID,
  protocolVersion: '1.0',
  title: 'A2UI MCP Catalog',
  description:
    'Model Context Protocol integration: the McpApp component, which hosts a sandboxed MCP App connected over the MCP Apps bridge, and functions that call MCP tools and reshape their results into the data model.',
  catalogId: MCP_CATALOG_ID,
  components: {
    McpApp: {
      type: 'object',
      description:
        'A sandboxed MCP App (double iframe). Its bridge requests reach the session: allowed tool calls go to the agent as actions, allowed functions run locally, bound data flows both ways.',
      properties: {
        component: { const: 'McpApp' },
        htmlContent: dynamic(
          'DynamicString',
          'The HTML document of the app, rendered through srcdoc. A value starting with `url_encoded:` is decoded with decodeURIComponent first.',
        ),
        title: dynamic('DynamicString', 'Accessible title of the frame.'),
        allowedTools: stringList('MCP tools the app may call with tools/call; any other tool call is refused.'),
        allowedFunctions: { $ref: '#/$defs/AllowedFunctions' },
        data: { $ref: '#/$defs/DataPaths' },
        csp: { $ref: '#/$defs/McpAppCsp' },
        permissions: { $ref: '#/$defs/McpAppPermissions' },
      },
      required: ['component', 'htmlContent'],
    },
  },
  functions: {
    callMcpTool: functionSchema(
      'callMcpTool',
      'Calls a tool on the connected MCP server (asynchronously, through the host). UI resources of type application/a2ui+json in the result are applied as A2UI messages; a resolved MCP App resource can be written to targetDataPath.',
      {
        name: dynamic('DynamicString', 'The tool to call.'),
        arguments: {
          type: 'object',
          description: 'The tool arguments; each may be a literal, a binding or a call.',
          additionalProperties: { $ref: `${COMMON}/DynamicValue` },
        },
        targetDataPath: dynamic(
          'DynamicString',
          'Where to write the MCP App resource the result carries (uri, htmlContent, csp, permissions, toolInput, toolResult).',
        ),
      },
      ['name'],
      { requiresUserActivation: true },
    ),
    jmespath: functionSchema(
      'jmespath',
      'Evaluates a JMESPath expression against data; the expression and the input are size-bounded.',
      {
        expression: dynamic('DynamicString', 'The JMESPath expression.'),
        data: dynamic('DynamicValue', 'The input of the expression.'),
      },
      ['expression', 'data'],
    ),
    split: functionSchema(
      'split',
      'Splits a string (or each string of an array) on a separator; an empty separator gives the characters.',
      {
        value: dynamic('DynamicValue', 'A string, or an array of strings.'),
        separator: dynamic('DynamicString', 'The separator.'),
      },
      ['value', 'separator'],
    ),
    regexCapture: functionSchema(
      'regexCapture',
      'The capture groups of the first match of a pattern (null when it does not match; a group that took no part is the empty string).',
      {
        value: dynamic('DynamicValue', 'A string, or an array of strings.'),
        pattern: dynamic('DynamicString', 'The regular expression, matched in linear time.'),
      },
      ['value', 'pattern'],
    ),
    regexReplace: functionSchema(
      'regexReplace',
      'Replaces every match of a pattern with literal text ($1 stays $1).',
      {
        value: dynamic('DynamicValue', 'A string, or an array of strings.'),
        pattern: dynamic('DynamicString', 'The regular expression, matched in linear time.'),
        replacement: dynamic('DynamicString', 'The literal replacement.'),
      },
      ['value', 'pattern', 'replacement'],
    ),
    updateDataModel: functionSchema(
      'updateDataModel',
      'Writes values to the surface data model: an object from paths (absolute, or relative to the current scope) to values.',
      { updates: dynamic('DynamicValue', 'Path → value.') },
      ['updates'],
    ),
  },
  $defs: {
    JsonSchema: {
      type: 'object',
      description: 'A JSON Schema the arguments are checked against before anything runs; {} accepts anything.',
    },
    AllowedFunctions: {
      type: 'object',
      description:
        'Functions the app may run with ui/requests/function-call, each with the JSON Schema of its arguments. They must exist in the catalogs of the surface.',
      additionalProperties: { $ref: '#/$defs/JsonSchema' },
    },
    DataPaths: {
      type: 'object',
      description:
        'Two-way data binding. The reserved keys toolInput, toolResult and modelContext map the standard MCP Apps messages to the data model.',
      properties: {
        paths: {
          type: 'object',
          description: 'Key → JSON Pointer into the data model.',
          additionalProperties: { type: 'string' },
        },
      },
      required: ['paths'],
      additionalProperties: false,
    },
    McpAppCsp: {
      type: 'object',
      description: 'Content Security Policy allow-lists of the resource (_meta.ui.csp).',
      properties: {
        connectDomains: stringList('Origins for connect-src.'),
        resourceDomains: stringList('Origins for scripts, styles, images, fonts and media.'),
        frameDomains: stringList('Origins for frame-src.'),
        baseUriDomains: stringList('Origins for base-uri.'),
      },
      additionalProperties: false,
    },
    McpAppPermissions: {
      type: 'object',
      description: 'Browser capabilities delegated to the inner frame (_meta.ui.permissions).',
      properties: {
        camera: permission('camera'),
        microphone: permission('microphone'),
        geolocation: permission('geolocation'),
        clipboardWrite: permission('clipboard-write'),
      },
      additionalProperties: false,
    },
  },
};
