/**
 * Every example of the v1.0 basic catalog (test/fixtures/a2ui/spec/v1_0/catalogs/basic/examples/*.json, each
 * `{ name, description, messages }`) applies and resolves with no error diagnostic; a few are
 * checked value by value against the example's own data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { basicCatalog } from '../../src/catalog';
import { invoke, write } from '../../src/session/interaction';
import { createSession, handleMessage, resolvedTree, surfaces, type Session } from '../../src/session/session';
import { deepFreeze, node, notOk, ok, sentBodies } from '../helpers/session';
import { refAt } from '../helpers/places';

const EXAMPLES = resolve(__dirname, '../fixtures/a2ui/spec/v1_0/catalogs/basic/examples');
const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json')).sort();

interface Example {
  name: string;
  messages: unknown[];
}

function readExample(file: string): Example {
  return deepFreeze(JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Example);
}

/** The ref of the node at a tree place ('root/child/children/1') of the example's surface. */
function at(session: Session, place: string, surfaceId: string): string {
  return refAt(resolvedTree(session, surfaceId), place);
}

function nodeAt(session: Session, place: string, surfaceId: string): ReturnType<typeof node> {
  return node(session, refAt(resolvedTree(session, surfaceId), place), surfaceId);
}

function run(file: string): ReturnType<typeof handleMessage> {
  return handleMessage(createSession([basicCatalog({ locale: 'en-US', timeZone: 'UTC' })]), readExample(file).messages);
}

/*
 * Warnings seen (all UNRESOLVED_BINDING): TextFields bound to paths the example never fills,
 * i.e. empty inputs waiting for the user. They are expected and are the only warnings.
 *   00_complex-layout        first_name → /firstName, last_name → /lastName
 *   00_formatted-text        input_field → /inputValue
 *   00_simple-login-form     username_field → /username, password_field → /password
 */
const EXPECTED_WARNINGS: Record<string, string[]> = {
  '00_complex-layout.json': ['UNRESOLVED_BINDING:first_name', 'UNRESOLVED_BINDING:last_name'],
  '00_formatted-text.json': ['UNRESOLVED_BINDING:input_field'],
  '00_simple-login-form.json': ['UNRESOLVED_BINDING:password_field', 'UNRESOLVED_BINDING:username_field'],
};

test('the examples are there', () => {
  expect(files.length).toBeGreaterThanOrEqual(30);
});

describe.each(files)('%s', (file) => {
  test('applies, resolves with no error diagnostic and sends nothing to the agent', () => {
    const result = ok(run(file));
    expect(sentBodies(result.effects, 'error')).toEqual([]);
    expect(result.effects.filter((e) => e.type === 'diagnostic' && e.severity === 'error')).toEqual([]);
    const listed = surfaces(result.session);
    expect(listed.length).toBeGreaterThan(0);
    const warnings: string[] = [];
    for (const s of listed) {
      const tree = resolvedTree(result.session, s.surfaceId);
      expect(tree?.root).not.toBeNull();
      expect(tree?.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(Object.values(tree?.nodes ?? {}).filter((n) => n.placeholder !== undefined)).toEqual([]);
      for (const d of tree?.diagnostics ?? []) warnings.push(`${d.code}:${d.componentId ?? ''}`);
    }
    expect(warnings.sort()).toEqual(EXPECTED_WARNINGS[file] ?? []);
  });
});

describe('34_child-list-template: values', () => {
  const S = 'gallery-child-list-template';
  const session = ok(run('34_child-list-template.json')).session;
  // root Card → main_column → [title_text, item_list]; item_list is a template over /items
  const list = 'root/child/children/1';
  const items = [
    { name: 'Apple', quantity: 10 },
    { name: 'Banana', quantity: 5 },
    { name: 'Cherry', quantity: 20 },
  ];

  test('the title and one row per item', () => {
    expect(nodeAt(session, 'root/child/children/0', S).props.text).toBe('### Dynamic Item List');
    // template items are named by the row component and the item's data path
    expect(nodeAt(session, list, S).children).toEqual(items.map((_, i) => `item_row@/items/${i}`));
  });

  test('each row shows its item: name, label, quantity', () => {
    items.forEach((item, i) => {
      const row = `${list}/children/${i}`;
      expect(nodeAt(session, row, S).scope).toBe(`/items/${i}`);
      expect(nodeAt(session, `${row}/children/0`, S).props.text).toBe(item.name);
      expect(nodeAt(session, `${row}/children/1`, S).props.text).toBe(' - Qty: ');
      expect(nodeAt(session, `${row}/children/2`, S).props.text).toBe(item.quantity);
    });
  });
});

describe('01_flight-status: values', () => {
  const S = 'gallery-flight-status';
  const session = ok(run('01_flight-status.json')).session;
  // root Card → main_column → [header_row, route_row, divider, times_row]
  const col = 'root/child';

  test('bound and formatted texts', () => {
    expect(nodeAt(session, `${col}/children/0/children/0/children/1`, S).props.text).toBe('OS 87');
    // 2025-12-15 is a Monday
    expect(nodeAt(session, `${col}/children/0/children/1`, S).props.text).toBe('Mon, Dec 15');
    expect(nodeAt(session, `${col}/children/1/children/0`, S).props.text).toBe('## Vienna');
    expect(nodeAt(session, `${col}/children/1/children/2`, S).props.text).toBe('## New York');
    expect(nodeAt(session, `${col}/children/3/children/1/children/1`, S).props.text).toBe('On Time');
  });

  test('times in UTC with the h:mm a pattern', () => {
    expect(nodeAt(session, `${col}/children/3/children/0/children/1`, S).props.text).toBe('10:15 AM');
    expect(nodeAt(session, `${col}/children/3/children/2/children/1`, S).props.text).toBe('2:30 PM');
  });

  test('literal props are kept as sent', () => {
    expect(nodeAt(session, `${col}/children/0`, S).props.justify).toBe('spaceBetween');
    expect(nodeAt(session, `${col}/children/0/children/1`, S).props.variant).toBe('caption');
    expect(nodeAt(session, `${col}/children/2`, S).component).toBe('Divider');
  });
});

describe('32_advanced-form-validator: checks and the action', () => {
  const S = 'gallery-advanced-validator';
  const col = 'root/child';
  const submit = `${col}/children/5`;
  const fresh = (): Session => ok(run('32_advanced-form-validator.json')).session;

  test('the greeting formats the date inside formatString', () => {
    // 2025-12-15T12:00:00Z is Monday, December 15
    expect(nodeAt(fresh(), `${col}/children/0`, S).props.text).toBe('Hello! Today is Monday, December 15.');
  });

  test('with terms not agreed the submit button is invalid, with the rule’s message', () => {
    const button = nodeAt(fresh(), submit, S);
    expect(button.isValid).toBe(false);
    expect(button.validation).toEqual([
      expect.objectContaining({ valid: false, message: 'You must agree to terms AND provide either Email or Phone, plus a Zip code.' }),
    ]);
    expect(notOk(invoke(fresh(), S, at(fresh(), submit, S))).error.code).toBe('CHECKS_FAILED');
  });

  test('filling the form through the bindings makes it valid; the action carries the form data', () => {
    let session = fresh();
    session = ok(write(session, S, at(session, `${col}/children/1`, S), 'value', 'ada@example.com')).session;
    session = ok(write(session, S, at(session, `${col}/children/3`, S), 'value', '12345')).session;
    session = ok(write(session, S, at(session, `${col}/children/4`, S), 'value', true)).session;
    expect(nodeAt(session, `${col}/children/1`, S).isValid).toBe(true);
    expect(nodeAt(session, `${col}/children/3`, S).isValid).toBe(true);
    expect(nodeAt(session, submit, S).isValid).toBe(true);
    const invoked = ok(invoke(session, S, at(session, submit, S)));
    expect(sentBodies(invoked.effects, 'action')).toEqual([
      expect.objectContaining({
        name: 'register',
        surfaceId: S,
        sourceComponentId: 'submit_btn',
        context: { data: { email: 'ada@example.com', phone: '', zip: '12345', agree: true } },
      }),
    ]);
  });

  test('a malformed zip fails its regex check', () => {
    const session = ok(write(fresh(), S, at(fresh(), `${col}/children/3`, S), 'value', '12a45')).session;
    const zip = nodeAt(session, `${col}/children/3`, S);
    expect(zip.isValid).toBe(false);
    expect(zip.validation[0]).toEqual(expect.objectContaining({ valid: false }));
  });
});
