/**
 * A defineCatalog function's `args` schema is the schema of the evaluated arguments: on the wire
 * each argument may be a binding or a nested call wherever the evaluated value would fit, and the
 * schema is checked against what the binding or call gives when the call runs.
 */
import { basicCatalog, defineCatalog } from '../../src/catalog';
import { createSession, handleMessage } from '../../src/session/session';
import { apply, msg, node, ok, treeDiagnostics } from '../helpers/session';

const MATH = 'https://example.com/math';
const math = defineCatalog({
  catalogId: MATH,
  functions: {
    double: {
      definition: {
        returnType: 'number',
        args: { type: 'object', properties: { n: { type: 'integer', minimum: 0 } }, required: ['n'], additionalProperties: false },
      },
      implementation: (args) => (args.n as number) * 2,
    },
  },
});

function open(text: unknown, dataModel: Record<string, unknown>) {
  const session = createSession([basicCatalog(), math]);
  return ok(handleMessage(session, [
    msg.create('s', { dataModel }),
    msg.components('s', [{ id: 'root', component: 'Text', text }]),
  ]));
}

test('strict ingest accepts a binding where the evaluated argument is an integer', () => {
  const { session } = open({ call: 'double', catalogId: MATH, args: { n: { path: '/n' } } }, { n: 21 });
  expect(node(session, 'root').props.text).toBe(42);
});

test('a nested call is accepted too, and its result is what the schema checks', () => {
  const { session } = open({ call: 'double', catalogId: MATH, args: { n: { call: 'double', catalogId: MATH, args: { n: 2 } } } }, {});
  expect(node(session, 'root').props.text).toBe(8);
});

test('the evaluated value is checked: a bound string is an expression error naming the argument', () => {
  const { session } = open({ call: 'double', catalogId: MATH, args: { n: { path: '/n' } } }, { n: 'seven' });
  expect(node(session, 'root').props.text).toBeNull();
  expect(treeDiagnostics(session, 'EXPRESSION_ERROR')).toEqual([expect.objectContaining({ message: expect.stringContaining("'n' must be an integer") })]);
  const fixed = apply(session, msg.data('s', '/n', 5)).session;
  expect(node(fixed, 'root').props.text).toBe(10);
});

test('literal arguments are still checked at ingest, and unknown ones refused', () => {
  const session = createSession([basicCatalog(), math]);
  const wrongType = handleMessage(session, [msg.create('s'), msg.components('s', [{ id: 'root', component: 'Text', text: { call: 'double', catalogId: MATH, args: { n: 'x' } } }])]);
  expect(wrongType).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  const extra = handleMessage(session, [msg.create('s'), msg.components('s', [{ id: 'root', component: 'Text', text: { call: 'double', catalogId: MATH, args: { n: 1, m: 2 } } }])]);
  expect(extra).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
});

test("the catalog's JSON describes the wire form: literal, binding or call", () => {
  const functions = math.toJSON().functions as Record<string, { properties: { args: { properties: Record<string, unknown> } } }>;
  const args = functions.double?.properties.args;
  expect(args?.properties.n).toEqual({
    anyOf: [
      { type: 'integer', minimum: 0 },
      { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/DataBinding' },
      { $ref: 'https://a2ui.org/specification/v1_0/common_types.json#/$defs/FunctionCall' },
    ],
  });
});
