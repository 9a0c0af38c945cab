/**
 * `basicCatalog({ catalogJson })` fed hostile documents: huge prose, prose that hides a change of
 * rules, documents frozen or changed after the call, Proxies; and the compact and documented
 * catalogs held to the same verdicts on an agent stream taken from the conformance suites.
 */
import { basicCatalog, BASIC_CATALOG_ID, BASIC_CATALOG_JSON } from '../../src/catalog';
import { catalogWithoutProse } from '../../src/catalog/prose';
import { createSession, handleMessage, type Session } from '../../src/session/session';
import { deepFreeze } from '../data/helpers';
import { loadSuite } from '../conformance/suite';

type Doc = Record<string, unknown>;
const copy = (): Doc => JSON.parse(JSON.stringify(BASIC_CATALOG_JSON)) as Doc;
const components = (doc: Doc) => doc.components as Record<string, Doc>;
const OPTION = /basicCatalog: catalogJson must be the basic catalog/;
/** The spec document's rules, computed from the vendored copy independently of the catalog's own. */
const RULES = catalogWithoutProse(copy());

describe('documents whose prose is hostile but whose rules are the spec\'s', () => {
  test('huge prose is carried as given and changes no verdict', () => {
    const doc = copy();
    const huge = 'x'.repeat(4_000_000);
    doc.description = huge;
    (components(doc).Text as Doc).description = huge;
    const catalog = basicCatalog({ catalogJson: doc });
    expect((catalog.toJSON() as Doc).description).toHaveLength(4_000_000);
    expect(catalogWithoutProse(catalog.toJSON() as Doc)).toEqual(RULES);
  });

  test('a deeply frozen document loads, and its catalog is shared for the same document', () => {
    const doc = deepFreeze(copy());
    const catalog = basicCatalog({ catalogJson: doc });
    expect(basicCatalog({ catalogJson: doc })).toBe(catalog);
    expect(catalog.toJSON()).toEqual(copy());
  });

  test('changing the document after the call changes neither the catalog nor what it advertises', () => {
    const doc = copy();
    const catalog = basicCatalog({ catalogJson: doc });
    const advertised = JSON.stringify(catalog.toJSON());
    (components(doc).Text as Doc).description = 'rewritten later';
    ((components(doc).Text as Doc).properties as Doc).sneaky = { type: 'string' };
    doc.catalogId = 'https://evil.example/catalog.json';
    expect(JSON.stringify(catalog.toJSON())).toBe(advertised);
    expect(catalog.catalogId).toBe(BASIC_CATALOG_ID);
    expect(Object.isFrozen(catalog.components.Text)).toBe(true);
    // The same object, now with other rules, is refused on the next call, not served from the cache.
    expect(() => basicCatalog({ catalogJson: doc })).toThrow(OPTION);
  });

  test('rewriting the prose of the same object and asking again gives the new prose, not the first catalog', () => {
    const doc = copy();
    const first = basicCatalog({ catalogJson: doc });
    expect(basicCatalog({ catalogJson: doc })).toBe(first);
    doc.description = 'Rewritten for our agent.';
    const second = basicCatalog({ catalogJson: doc });
    expect((second.toJSON() as Doc).description).toBe('Rewritten for our agent.');
    expect((first.toJSON() as Doc).description).toBe((BASIC_CATALOG_JSON as Doc).description);
  });
});

describe('documents whose rules differ are refused, naming the option', () => {
  const cases: Array<[string, (doc: Doc) => void]> = [
    ['a new property behind new prose', (doc) => {
      const text = components(doc).Text as Doc;
      text.description = 'identical prose';
      (text.properties as Doc).extra = { type: 'string', description: 'only prose' };
    }],
    ['a changed const', (doc) => {
      ((components(doc).Text as Doc).properties as Record<string, Doc>).component = { const: 'Txt' };
    }],
    ['a description that is an object, not prose', (doc) => {
      (components(doc).Text as Doc).description = { type: 'string' };
    }],
    ['examples that are not a list', (doc) => {
      (components(doc).Text as Doc).examples = { not: 'a list' };
    }],
    ['a different catalogId', (doc) => {
      doc.catalogId = 'https://example.com/other.json';
    }],
    ['a function removed', (doc) => {
      delete (doc.functions as Doc).openUrl;
    }],
    ['an extra top-level member', (doc) => {
      doc.$comment = 'looks like prose, is not a catalog prose member';
    }],
  ];
  test.each(cases)('%s', (_name, change) => {
    const doc = copy();
    change(doc);
    expect(() => basicCatalog({ catalogJson: doc })).toThrow(TypeError);
    expect(() => basicCatalog({ catalogJson: doc })).toThrow(OPTION);
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['an array', []],
    ['a string', JSON.stringify(BASIC_CATALOG_JSON)],
  ])('%s', (_name, doc) => {
    expect(() => basicCatalog({ catalogJson: doc as Doc })).toThrow(OPTION);
  });
});

describe('a Proxy as the document', () => {
  test('one that shows the spec\'s rules to the check and other rules afterwards is held to what was checked', () => {
    const tampered = copy();
    const text = components(tampered).Text as Doc;
    // A Text that accepts anything: the rules the check never saw.
    components(tampered).Text = { type: 'object', properties: { component: { const: 'Text' } }, description: text.description };
    let reads = 0;
    const honest = copy();
    const shifty = new Proxy(honest, {
      get(target, key, receiver) {
        if (key === 'components') reads += 1;
        return Reflect.get(reads > 1 && key === 'components' ? tampered : target, key, receiver);
      },
    });
    let catalog;
    try {
      catalog = basicCatalog({ catalogJson: shifty });
    } catch (caught) {
      // Refusing the document outright is fine too.
      expect(String(caught)).toMatch(OPTION);
      return;
    }
    expect(catalogWithoutProse(catalog.toJSON() as Doc)).toEqual(RULES);
    const session = handleMessage(createSession([catalog]), {
      version: 'v1.0',
      createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Text', text: 5, bogus: true }] },
    });
    expect(session.ok).toBe(false);
  });

  test('one whose traps throw is a TypeError naming the option', () => {
    const trap = new Proxy(copy(), {
      ownKeys() {
        throw new Error('no keys for you');
      },
    });
    expect(() => basicCatalog({ catalogJson: trap })).toThrow(TypeError);
    expect(() => basicCatalog({ catalogJson: trap })).toThrow(OPTION);
  });
});

describe('the compact and the documented catalogs give the same verdicts on one agent stream', () => {
  /** Every message of the conformance suites' steps, pointed at this package's basic catalog id. */
  function agentStream(): unknown[] {
    const messages: unknown[] = [];
    for (const suite of ['core/validator_v1_0.yaml', 'core/message_processor_v1_0.yaml']) {
      for (const c of loadSuite(suite)) {
        for (const step of (c.steps as Array<{ messages?: unknown[] }> | undefined) ?? []) {
          for (const message of step.messages ?? []) {
            messages.push(JSON.parse(JSON.stringify(message).replace(/"https:\/\/a2ui\.org\/[^"]*basic[^"]*"/g, JSON.stringify(BASIC_CATALOG_ID))));
          }
        }
      }
    }
    return messages;
  }

  test('message by message: the same ok, error, effects and state', () => {
    const stream = agentStream();
    expect(stream.length).toBeGreaterThan(20);
    let compact: Session = createSession([basicCatalog()]);
    let documented: Session = createSession([basicCatalog({ catalogJson: BASIC_CATALOG_JSON })]);
    let refused = 0;
    for (const message of stream) {
      const a = handleMessage(compact, message);
      const b = handleMessage(documented, message);
      expect({ ok: b.ok, error: b.ok ? null : b.error, effects: b.effects }).toEqual({ ok: a.ok, error: a.ok ? null : a.error, effects: a.effects });
      if (!a.ok) refused += 1;
      compact = a.session;
      documented = b.session;
    }
    expect(documented.state.surfaces).toEqual(compact.state.surfaces);
    // The stream exercises validation both ways.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(stream.length);
  });
});
