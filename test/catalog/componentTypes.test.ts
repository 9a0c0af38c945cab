/**
 * The generated resolved-prop types of the basic and MCP catalogs, and `isComponent`, the guard
 * that narrows a resolved node to them after checking it at run time.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COMPONENT_TYPE_OUTPUTS } from '../../scripts/componentTypeOutputs';
import { basicCatalog, BASIC_CATALOG_ID } from '../../src/catalog/basic';
import { BASIC_COMPONENT_TYPES } from '../../src/catalog/basic/componentTypes';
import { defineCatalog } from '../../src/catalog/define';
import { isComponent } from '../../src/catalog/isComponent';
import { matchesPropType, type PropType } from '../../src/catalog/componentTypes';
import { mcpCatalog, MCP_CATALOG_ID } from '../../src/mcp/catalog';
import { createSession, handleMessage, resolvedTree, type SessionOptions } from '../../src/session/session';
import type { ResolvedNode } from '../../src/model/tree';
import type { Action } from '../../src/protocol/common';

const ROOT = resolve(__dirname, '../..');
const SPEC_BASIC = JSON.parse(readFileSync(join(ROOT, 'test/fixtures/a2ui/spec/v1_0/catalogs/basic/catalog.json'), 'utf8')) as {
  components: Record<string, unknown>;
};

test.each(COMPONENT_TYPE_OUTPUTS.map((output) => [output.path, output] as const))(
  '%s is what scripts/generate-component-types.ts writes (rerun it when this fails)',
  (path, output) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(output.text());
  },
);

test('every component of the specification basic catalog has resolved prop types', () => {
  expect(Object.keys(BASIC_COMPONENT_TYPES.components).sort()).toEqual(Object.keys(SPEC_BASIC.components).sort());
  expect(BASIC_COMPONENT_TYPES.catalogId).toBe(BASIC_CATALOG_ID);
});

const CUSTOM_ID = 'https://example.com/custom.json';

/** The resolved nodes of one surface built from `components`. */
function nodesOf(components: object[], options: SessionOptions = {}, dataModel: object = {}): Record<string, ResolvedNode> {
  const custom = defineCatalog({ catalogId: CUSTOM_ID, components: { Button: { type: 'object', properties: { label: { type: 'string' } } } } });
  const session = createSession([basicCatalog(), mcpCatalog(), custom], options);
  const result = handleMessage(session, [
    { version: 'v1.0', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } },
    { version: 'v1.0', updateDataModel: { surfaceId: 's', path: '/', value: dataModel } },
    { version: 'v1.0', updateComponents: { surfaceId: 's', components } },
  ]);
  if (!result.ok) throw new Error(result.error.message);
  const byId: Record<string, ResolvedNode> = {};
  for (const node of Object.values(resolvedTree(result.session, 's')?.nodes ?? {})) byId[node.componentId] = node;
  return byId;
}

describe('isComponent', () => {
  test('narrows a Button to its typed props', () => {
    const nodes = nodesOf([
      { id: 'root', component: 'Column', children: ['go'] },
      { id: 'go', component: 'Button', child: 'label', action: { event: { name: 'go' } }, variant: 'primary' },
      { id: 'label', component: 'Text', text: { path: '/title' } },
    ], {}, { title: 'Go' });
    const go = nodes['go'];
    expect(isComponent(go, 'Button')).toBe(true);
    if (!isComponent(go, 'Button')) return;
    // The props are typed: these lines type-check only because the guard narrowed the node.
    const action: Action = go.props.action;
    const variant: 'default' | 'primary' | 'borderless' | undefined = go.props.variant;
    const child: string | null = go.props.child;
    expect([action, variant, child]).toEqual([{ event: { name: 'go' } }, 'primary', nodes['label']?.ref]);
    // @ts-expect-error Button has no `text`.
    expect(go.props.text).toBeUndefined();

    expect(isComponent(nodes['label'], 'Text')).toBe(true);
    expect(isComponent(nodes['root'], 'Column')).toBe(true);
    expect(isComponent(go, 'Text')).toBe(false);
  });

  test('a bound prop whose data has another type fails the check', () => {
    const nodes = nodesOf([{ id: 'root', component: 'Text', text: { path: '/count' } }], {}, { count: 3 });
    expect(nodes['root']?.props['text']).toBe(3);
    expect(isComponent(nodes['root'], 'Text')).toBe(false);
  });

  test('a component kept by lenient validation without a required prop fails the check', () => {
    const nodes = nodesOf([{ id: 'root', component: 'Slider', value: 3 }], { validation: 'lenient' });
    expect(nodes['root']?.component).toBe('Slider');
    expect(isComponent(nodes['root'], 'Slider')).toBe(false);
  });

  test('an enum prop outside its values fails the check (lenient keeps it)', () => {
    const nodes = nodesOf([{ id: 'root', component: 'Divider', axis: 'diagonal' }], { validation: 'lenient' });
    expect(isComponent(nodes['root'], 'Divider')).toBe(false);
  });

  test('a same-named component of another catalog, a placeholder and no node are not basic components', () => {
    const nodes = nodesOf([
      { id: 'root', component: 'Column', children: ['mine', 'gone'] },
      { id: 'mine', component: 'Button', catalogId: CUSTOM_ID, label: 'hi' },
      { id: 'gone', component: 'Nonexistent' },
    ], { validation: 'lenient' });
    expect(nodes['mine']?.catalogId).toBe(CUSTOM_ID);
    expect(isComponent(nodes['mine'], 'Button')).toBe(false);
    expect(nodes['gone']?.placeholder).toBe('unknown');
    expect(isComponent(nodes['gone'], 'Text')).toBe(false);
    expect(isComponent(undefined, 'Text')).toBe(false);
  });

  test('an McpApp of the MCP catalog', () => {
    const nodes = nodesOf([{ id: 'root', component: 'McpApp', catalogId: MCP_CATALOG_ID, htmlContent: '<p>hi</p>', allowedTools: ['lookup'] }]);
    const app = nodes['root'];
    expect(isComponent(app, 'McpApp')).toBe(true);
    if (isComponent(app, 'McpApp')) {
      const tools: string[] | undefined = app.props.allowedTools;
      expect(tools).toEqual(['lookup']);
    }
  });
});

describe('matchesPropType', () => {
  test.each([
    ['string', 'a', true],
    ['string', 1, false],
    ['number', Number.NaN, false],
    ['ref', null, true],
    ['refs', ['a', 1], false],
    [{ enum: ['a', 'b'] }, 'c', false],
    [{ array: 'number' }, [1, 2], true],
    [{ oneOf: ['boolean', { record: 'unknown' }] }, { any: 1 }, true],
    [{ object: { a: 'string' }, required: ['a'] }, {}, false],
    [{ object: { a: 'string' }, required: [] }, { b: 1 }, true],
  ] as Array<[PropType, unknown, boolean]>)('%j against %j is %s', (type, value, expected) => {
    expect(matchesPropType(value, type)).toBe(expected);
  });
});
