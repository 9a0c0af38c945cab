/**
 * The processor's rules that the conformance suites pinned down: catalog resolution (protocol
 * versions included), the system namespace, updateDataModel paths, and the wording of topology
 * errors. Each parses its messages and runs applyMessage directly on a fresh state.
 */
import { BASIC_CATALOG_ID, basicCatalog, defineCatalog, type Catalog } from '../../src/catalog';
import type { ProcessorConfig } from '../../src/processor/config';
import { applyMessage, type StepResult } from '../../src/processor/processor';
import { createSessionRuntime } from '../../src/session/session';
import { initialSessionState, type SessionState } from '../../src/model/state';
import { parseAgentMessage } from '../../src/protocol/parse';

const LEGACY = defineCatalog({
  catalogId: 'legacy-v09',
  protocolVersion: '0.9',
  components: { Badge: { type: 'object', properties: { component: { const: 'Badge' }, label: { type: 'string' } } } },
});

function configOf(catalogs: Catalog[], validation: 'strict' | 'lenient' = 'strict'): ProcessorConfig {
  return createSessionRuntime(catalogs, { validation, implicitDefaultCatalog: false }).processor;
}

/** Parses and applies messages in order, stopping at the first failure (every message here is schema-valid). */
function apply(config: ProcessorConfig, messages: unknown[]): StepResult {
  let state: SessionState = initialSessionState();
  let last: StepResult = { ok: true, state, effects: [] };
  messages.forEach((raw, i) => {
    if (!last.ok) return;
    const parsed = parseAgentMessage(raw, i, `/${i}`);
    if (!parsed.ok) throw new Error(`message ${i} does not parse: ${parsed.error.message}`);
    last = applyMessage(config, state, parsed.message, `/${i}`);
    state = last.state;
  });
  return last;
}

const create = (surfaceId: string, catalogId?: string): Record<string, unknown> => ({
  version: 'v1.0',
  createSurface: { surfaceId, ...(catalogId === undefined ? {} : { catalogId }) },
});
const update = (surfaceId: string, components: unknown[]): Record<string, unknown> => ({
  version: 'v1.0',
  updateComponents: { surfaceId, components },
});

function failure(result: StepResult): { code: string; message: string; path?: string } {
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('catalog resolution', () => {
  const config = configOf([basicCatalog(), LEGACY]);

  test('a component naming a catalog of another protocol version is refused', () => {
    const error = failure(apply(config, [create('s', BASIC_CATALOG_ID), update('s', [{ id: 'root', component: 'Badge', catalogId: 'legacy-v09', label: 'x' }])]));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.message).toContain("cannot mix catalog 'legacy-v09'");
    expect(error.path).toBe('/1/updateComponents/components/0/catalogId');
  });

  test('a call naming a catalog of another protocol version is refused', () => {
    const text = { call: 'formatString', catalogId: 'legacy-v09', args: { value: 'hi' } };
    const error = failure(apply(config, [create('s', BASIC_CATALOG_ID), update('s', [{ id: 'root', component: 'Text', text }])]));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.message).toContain('legacy-v09');
  });

  test('createSurface refuses a default catalog of another protocol version', () => {
    const error = failure(apply(config, [create('s', 'legacy-v09')]));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.path).toBe('/0/createSurface/catalogId');
  });

  test('without a default, a component naming no catalog still fails in lenient mode', () => {
    const error = failure(apply(configOf([basicCatalog()], 'lenient'), [create('s'), update('s', [{ id: 'root', component: 'Text', text: 'Hi' }])]));
    expect(error.code).toBe('CATALOG_NOT_FOUND');
    expect(error.message).toContain('has no default catalogId');
  });
});

describe('system functions', () => {
  const config = configOf([basicCatalog()]);

  test('a call to an @ name v1.0 does not define is refused, not sent to the agent', () => {
    const error = failure(apply(config, [create('s', BASIC_CATALOG_ID), update('s', [{ id: 'root', component: 'Text', text: { call: '@foo' } }])]));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain("unknown system function '@foo'");
    expect(error.path).toBe('/1/updateComponents/components/0/text/call');
  });

  test('@index needs no catalog, and a surface without a default accepts it', () => {
    const list = { id: 'root', component: 'List', catalogId: BASIC_CATALOG_ID, children: { path: '/items', componentId: 'row' } };
    const row = { id: 'row', component: 'Text', catalogId: BASIC_CATALOG_ID, text: { call: '@index', args: { offset: 1 } } };
    expect(apply(config, [create('s'), update('s', [list, row])]).ok).toBe(true);
  });

  test('an undeclared catalog function is still an agent function', () => {
    const result = apply(config, [create('s', BASIC_CATALOG_ID), update('s', [{ id: 'root', component: 'Text', text: { call: 'lookUp', args: {} } }])]);
    expect(result.ok).toBe(true);
  });
});

describe('updateDataModel paths', () => {
  const config = configOf([basicCatalog()]);
  const data = (path: string, value: unknown = 1): Record<string, unknown> => ({ version: 'v1.0', updateDataModel: { surfaceId: 's', path, value } });

  test('a path that is not a JSON Pointer is refused before the surface is looked up', () => {
    const error = failure(apply(config, [data('invalid path [0]')]));
    expect(error.code).toBe('INVALID_MESSAGE');
    expect(error.path).toBe('/0/updateDataModel/path');
  });

  test('absolute pointers and the empty pointer (the root) apply', () => {
    const nested = apply(config, [create('s', BASIC_CATALOG_ID), data('/a/b')]);
    expect(nested.ok && nested.state.surfaces.s?.dataModel).toEqual({ a: { b: 1 } });
    const root = apply(config, [create('s', BASIC_CATALOG_ID), data('/a/b'), data('', { c: 2 })]);
    expect(root.ok && root.state.surfaces.s?.dataModel).toEqual({ c: 2 });
  });
});

describe('topology errors (strict)', () => {
  const config = configOf([basicCatalog()]);

  test('a component listing itself is a self-reference', () => {
    const error = failure(apply(config, [create('s', BASIC_CATALOG_ID), update('s', [{ id: 'root', component: 'Column', children: ['root'] }])]));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain("Self-reference detected: component 'root'");
  });

  test('a longer cycle is a circular reference, shown from where it closes', () => {
    const components = [
      { id: 'root', component: 'Column', children: ['a'] },
      { id: 'a', component: 'Column', children: ['b'] },
      { id: 'b', component: 'Column', children: ['a'] },
    ];
    const error = failure(apply(config, [create('s', BASIC_CATALOG_ID), update('s', components)]));
    expect(error.message).toContain('Circular component reference');
    expect(error.message).toContain('(a → b → a)');
  });
});

describe('composition constraints (strict), in the wording of core/composition_constraints.yaml', () => {
  // The suite's catalogs sketch components by their composition keys only; these declare their properties.
  const childList = { $ref: 'common_types.json#/$defs/ChildList' };
  const custom = defineCatalog({
    catalogId: 'custom',
    components: {
      Row: { type: 'object', properties: { component: { const: 'Row' }, children: childList } },
      ColumnHeader: { type: 'object', allowedParents: ['Column'], properties: { component: { const: 'ColumnHeader' } } },
      RestrictedBox: { type: 'object', allowedChildren: ['Text', 'Button'], properties: { component: { const: 'RestrictedBox' }, children: childList } },
      Video: { type: 'object', properties: { component: { const: 'Video' } } },
    },
  });
  const config = configOf([custom]);
  const surface = (components: unknown[]): StepResult =>
    apply(config, [{ version: 'v1.0', createSurface: { surfaceId: 's1', catalogId: 'custom', components } }]);

  test('a component under a parent it does not allow', () => {
    const error = failure(surface([{ id: 'root', component: 'Row', children: ['invalid_header'] }, { id: 'invalid_header', component: 'ColumnHeader' }]));
    expect(error.code).toBe('UNALLOWED_PARENT');
    expect(error.message).toBe("Component 'invalid_header' (ColumnHeader) cannot be placed under parent 'root' (Row). Allowed parents: ['Column'].");
  });

  test('a container holding a child it does not allow', () => {
    const error = failure(surface([{ id: 'root', component: 'RestrictedBox', children: ['v1'] }, { id: 'v1', component: 'Video' }]));
    expect(error.code).toBe('UNALLOWED_CHILD');
    expect(error.message).toBe("Container 'root' (RestrictedBox) cannot contain child 'v1' (Video). Allowed children: ['Text', 'Button'].");
  });
});
