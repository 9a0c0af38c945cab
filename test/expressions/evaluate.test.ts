import fc from 'fast-check';
import {
  BASIC_CATALOG_ID,
  basicCatalog,
  defineCatalog,
  type FunctionContext,
  type FunctionImplementation,
} from '../../src/catalog';
import {
  agentCallKey,
  DEFAULT_EXPRESSION_LIMITS,
  evaluateDynamic,
  type AgentCallOutcome,
  type EvaluationEnv,
} from '../../src/expressions';

const basic = basicCatalog();
const SHOP = 'https://example.com/shop';

const calls: Record<string, number> = {};
function counted(name: string, implementation: FunctionImplementation): FunctionImplementation {
  return (args, context) => {
    calls[name] = (calls[name] ?? 0) + 1;
    return implementation(args, context);
  };
}

let seenContext: FunctionContext | undefined;
const shop = defineCatalog({
  catalogId: SHOP,
  functions: {
    shout: {
      definition: {
        returnType: 'string',
        args: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'], additionalProperties: false },
      },
      implementation: counted('shout', (args) => String(args.value).toUpperCase()),
    },
    checkStock: { definition: { returnType: 'boolean', allowedCallers: 'rendererOrAgent' } },
    serverOnly: { definition: { returnType: 'string', allowedCallers: 'agentOnly' }, implementation: () => 'secret' },
    shared: { definition: { returnType: 'string', allowedCallers: 'rendererOrAgent' }, implementation: () => 'shared' },
    boom: {
      definition: { returnType: 'void' },
      implementation: (_args, context) => {
        context.request({ type: 'setData', path: '/lost', value: 1 });
        throw new Error('kaput');
      },
    },
    save: {
      definition: { returnType: 'void' },
      implementation: (args, context) => {
        context.request({ type: 'setData', path: String(args.path), value: args.value });
      },
    },
    stubborn: {
      definition: { returnType: 'string' },
      implementation: (args, context) => {
        try {
          return context.interpolate(String(args.value));
        } catch {
          return 'swallowed';
        }
      },
    },
    later: { definition: { returnType: 'number' }, implementation: () => Promise.resolve(1) },
    inspect: {
      definition: { returnType: 'object' },
      implementation: (args, context) => {
        seenContext = context;
        return { read: context.read(String(args.path)) };
      },
    },
  },
});

function env(overrides: Partial<EvaluationEnv> = {}): EvaluationEnv {
  return { catalogs: [basic, shop], surfaceCatalogId: BASIC_CATALOG_ID, surfaceId: 's1', dataModel: {}, ...overrides };
}

const fmt = (value: unknown): unknown => ({ call: 'formatString', args: { value } });

describe('literals and paths', () => {
  test('literals come back as they are; unchanged containers keep their identity', () => {
    for (const literal of ['x', 0, true, null, [1, 2], { a: { b: [] } }]) {
      const result = evaluateDynamic(literal, env());
      expect(result).toEqual({ status: 'ok', value: literal, reads: [], pending: [], errors: [], requests: [], work: { calls: 0, reads: 0, chars: 0, regexSteps: 0 } });
      expect(result.value).toBe(literal);
    }
  });

  test('paths read the data model, relative ones from the scope; reads are absolute, once each', () => {
    const dataModel = { company: 'Acme', employees: [{ name: 'Alice' }, { name: 'Bob' }] };
    const result = evaluateDynamic(
      { name: { path: 'name' }, company: { path: '/company' }, again: { path: '/employees/1/name' }, missing: { path: 'age' } },
      env({ dataModel, scope: '/employees/1' }),
    );
    expect(result.value).toEqual({ name: 'Bob', company: 'Acme', again: 'Bob', missing: undefined });
    expect(result.reads).toEqual(['/employees/1/name', '/company', '/employees/1/age']);
    expect(result.status).toBe('ok');
  });

  test('a path with no data yet is undefined, not an error (progressive rendering)', () => {
    expect(evaluateDynamic({ path: '/later' }, env())).toMatchObject({ status: 'ok', value: undefined, reads: ['/later'] });
  });

  test('paths and calls nested in literal arrays and objects are evaluated', () => {
    const result = evaluateDynamic(
      { list: [{ path: '/a' }, { call: 'not', args: { value: false } }], keep: { x: 1 } },
      env({ dataModel: { a: 'A' } }),
    );
    expect(result.value).toEqual({ list: ['A', true], keep: { x: 1 } });
  });

  test('prototype-polluting keys stay plain own data', () => {
    const result = evaluateDynamic(JSON.parse('{"__proto__": {"polluted": {"path": "/a"}}}'), env({ dataModel: { a: 1 } }));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(result.value, '__proto__')?.value).toEqual({ polluted: 1 });
  });
});

describe('formatString and @index', () => {
  test('interpolates paths and calls, recording what it read', () => {
    const dataModel = { user: { name: 'Ada' }, count: 3, when: '2026-01-16T14:30:00Z' };
    const template = "Hi ${/user/name}, ${pluralize(value: ${/count}, one: 'one message', other: 'several messages')} since ${formatDate(value: /when, format: 'MMM d')}.";
    const result = evaluateDynamic(fmt(template), env({ dataModel }));
    expect(result.errors).toEqual([]);
    expect(result.value).toBe('Hi Ada, several messages since Jan 16.');
    expect(result.reads).toEqual(['/user/name', '/count', '/when']);
  });

  test('converts interpolated values: null → "", numbers, booleans, JSON for objects', () => {
    const dataModel = { n: 1.5, b: false, o: { a: [1] }, z: null };
    expect(evaluateDynamic(fmt('${/n}|${/b}|${/o}|${/z}|${/none}|${null}'), env({ dataModel })).value).toBe('1.5|false|{"a":[1]}|||');
  });

  test('the template itself may come from the data model', () => {
    const result = evaluateDynamic(fmt({ path: '/tpl' }), env({ dataModel: { tpl: 'x=${/x}', x: 7 } }));
    expect(result.value).toBe('x=7');
    expect(result.reads).toEqual(['/tpl', '/x']);
  });

  test('inside a template item, relative paths use the scope and @index the item index', () => {
    const dataModel = { todos: [{ title: 'a' }, { title: 'b' }] };
    const result = evaluateDynamic(fmt('#${@index(offset: 1)} ${title}'), env({ dataModel, scope: '/todos/1', index: 1 }));
    expect(result.value).toBe('#2 b');
    expect(evaluateDynamic({ call: '@index' }, env({ index: 4 })).value).toBe(4);
  });

  test('@index belongs to no catalog: it works on a surface without a default catalog', () => {
    expect(evaluateDynamic({ call: '@index', args: { offset: 10 } }, env({ surfaceCatalogId: null, index: 0 })).value).toBe(10);
  });

  test('@index outside a template, and unknown system functions, are errors', () => {
    const outside = evaluateDynamic({ call: '@index' }, env());
    expect(outside.status).toBe('error');
    expect(outside.errors[0]?.message).toContain('only available inside a list template');
    const unknown = evaluateDynamic({ call: '@foo' }, env());
    expect(unknown.errors).toEqual([expect.objectContaining({ code: 'EXPRESSION_ERROR', call: '@foo' })]);
    expect(unknown.errors[0]?.message).toContain("'@foo'");
  });

  test('an invalid template is an EXPRESSION_ERROR with the parser message', () => {
    const result = evaluateDynamic(fmt('Hello ${world'), env());
    expect(result.status).toBe('error');
    expect(result.errors[0]?.message).toMatch(/Invalid template: Unclosed interpolation/);
  });
});

describe('catalog routing', () => {
  test("a call runs in the catalog it names, else in the surface default", () => {
    expect(evaluateDynamic({ call: 'shout', catalogId: SHOP, args: { value: 'hi' } }, env()).value).toBe('HI');
    expect(evaluateDynamic({ call: 'shout', args: { value: 'hi' } }, env({ surfaceCatalogId: SHOP })).value).toBe('HI');
  });

  test('without either there is no fallback: CATALOG_NOT_FOUND', () => {
    const result = evaluateDynamic(fmt('x'), env({ surfaceCatalogId: null }));
    expect(result.errors).toEqual([expect.objectContaining({ code: 'CATALOG_NOT_FOUND', call: 'formatString' })]);
    expect(result.errors[0]?.message).toContain('has no default catalogId');
  });

  test('a catalog the surface does not have is not found, whatever the default', () => {
    const result = evaluateDynamic({ call: 'formatString', catalogId: 'missing', args: { value: 'x' } }, env());
    expect(result.errors[0]).toMatchObject({ code: 'CATALOG_NOT_FOUND' });
    expect(result.errors[0]?.message).toContain('Catalog not found: missing');
  });

  test('a nested call resolves on its own and does not inherit the outer catalog', () => {
    const nested = { call: 'shout', catalogId: SHOP, args: { value: fmt('inner') } };
    expect(evaluateDynamic(nested, env()).value).toBe('INNER');
    const orphan = evaluateDynamic(nested, env({ surfaceCatalogId: null }));
    expect(orphan.errors[0]?.code).toBe('CATALOG_NOT_FOUND');
  });
});

describe('agent calls', () => {
  test('a function the resolved catalog does not declare goes to the agent', () => {
    const result = evaluateDynamic({ call: 'verifyProvider', args: { id: { path: '/id' } } }, env({ dataModel: { id: 'PRV-1' } }));
    expect(result.status).toBe('pending');
    expect(result.value).toBeNull();
    expect(result.pending).toEqual([
      {
        callKey: agentCallKey(BASIC_CATALOG_ID, 'verifyProvider', { id: 'PRV-1' }),
        call: 'verifyProvider',
        catalogId: BASIC_CATALOG_ID,
        args: { id: 'PRV-1' },
      },
    ]);
    expect(result.reads).toEqual(['/id']);
  });

  test('so does a declared function without implementation, in the catalog it resolved to', () => {
    const result = evaluateDynamic({ call: 'checkStock', catalogId: SHOP, args: { sku: 'A1' } }, env());
    expect(result.pending).toEqual([expect.objectContaining({ call: 'checkStock', catalogId: SHOP, args: { sku: 'A1' } })]);
  });

  test('call keys are deterministic: the order args are written in does not matter', () => {
    const a = evaluateDynamic({ call: 'lookup', args: { x: 1, y: [1, { b: 2, a: 1 }] } }, env());
    const b = evaluateDynamic({ call: 'lookup', args: { y: [1, { a: 1, b: 2 }], x: 1 } }, env());
    expect(a.pending[0]?.callKey).toBe(b.pending[0]?.callKey);
    expect(a.pending[0]?.callKey).toBe(`{"args":{"x":1,"y":[1,{"a":1,"b":2}]},"call":"lookup","catalogId":"${BASIC_CATALOG_ID}"}`);
  });

  test('the same call twice is one pending request; the value waits for all of them', () => {
    const twice = [{ call: 'lookup' }, { call: 'lookup' }, { call: 'other' }];
    const result = evaluateDynamic(twice, env());
    expect(result.status).toBe('pending');
    expect(result.pending.map((p) => p.call)).toEqual(['lookup', 'other']);
  });

  test('a settled outcome supplies the value; a failed one is AGENT_CALL_FAILED', () => {
    const key = agentCallKey(BASIC_CATALOG_ID, 'lookup', { q: 'a' }) as string;
    const settled = (outcome: AgentCallOutcome) => (callKey: string) => (callKey === key ? outcome : undefined);
    const ok = evaluateDynamic(fmt("Found: ${lookup(q: 'a')}"), env({ agentResult: settled({ status: 'ok', value: 42 }) }));
    expect(ok).toMatchObject({ status: 'ok', value: 'Found: 42', pending: [] });
    const failed = evaluateDynamic({ call: 'lookup', args: { q: 'a' } }, env({ agentResult: settled({ status: 'error', error: { code: 'NOPE', message: 'no such thing' } }) }));
    expect(failed.status).toBe('error');
    expect(failed.errors).toEqual([
      { code: 'AGENT_CALL_FAILED', message: "Agent function 'lookup' failed: NOPE: no such thing", call: 'lookup', catalogId: BASIC_CATALOG_ID },
    ]);
  });

  test('a call waiting for an argument does not run', () => {
    calls.shout = 0;
    const result = evaluateDynamic({ call: 'shout', catalogId: SHOP, args: { value: { call: 'lookup' } } }, env());
    expect(result.status).toBe('pending');
    expect(calls.shout).toBe(0);
  });

  test('the agent calling the renderer may not reach agent functions: INVALID_FUNCTION_CALL', () => {
    const undeclared = evaluateDynamic({ call: 'getScreenResolution', catalogId: BASIC_CATALOG_ID }, env({ caller: 'agent' }));
    expect(undeclared.errors[0]?.code).toBe('INVALID_FUNCTION_CALL');
    expect(undeclared.pending).toEqual([]);
    const noImplementation = evaluateDynamic({ call: 'checkStock', catalogId: SHOP }, env({ caller: 'agent' }));
    expect(noImplementation.errors[0]?.message).toContain('without a renderer implementation');
  });
});

describe('allowedCallers and user activation', () => {
  test('rendererOnly (the default) refuses the agent', () => {
    const result = evaluateDynamic({ call: 'shout', catalogId: SHOP, args: { value: 'x' } }, env({ caller: 'agent' }));
    expect(result.errors).toEqual([
      expect.objectContaining({ code: 'INVALID_FUNCTION_CALL', message: "Function 'shout' is rendererOnly and cannot be invoked by the agent." }),
    ]);
  });

  test('agentOnly refuses the renderer; rendererOrAgent accepts both', () => {
    expect(evaluateDynamic({ call: 'serverOnly', catalogId: SHOP }, env()).errors[0]?.code).toBe('INVALID_FUNCTION_CALL');
    expect(evaluateDynamic({ call: 'serverOnly', catalogId: SHOP }, env({ caller: 'agent' })).value).toBe('secret');
    expect(evaluateDynamic({ call: 'shared', catalogId: SHOP }, env()).value).toBe('shared');
    expect(evaluateDynamic({ call: 'shared', catalogId: SHOP }, env({ caller: 'agent' })).value).toBe('shared');
  });

  test('openUrl needs user activation, and then asks the session to open the URL', () => {
    const call = { call: 'openUrl', args: { url: { path: '/link' } } };
    const dataModel = { link: 'https://example.com/a' };
    const passive = evaluateDynamic(call, env({ dataModel }));
    expect(passive.errors).toEqual([expect.objectContaining({ code: 'USER_ACTIVATION_REQUIRED', call: 'openUrl' })]);
    expect(passive.requests).toEqual([]);
    const active = evaluateDynamic(call, env({ dataModel, userActivated: true }));
    expect(active).toMatchObject({ status: 'ok', value: null, requests: [{ type: 'openUrl', url: 'https://example.com/a' }] });
  });

  test('a refused scheme is an EXPRESSION_ERROR and opens nothing', () => {
    const result = evaluateDynamic({ call: 'openUrl', args: { url: 'javascript:alert(1)' } }, env({ userActivated: true }));
    expect(result.errors[0]?.code).toBe('EXPRESSION_ERROR');
    expect(result.requests).toEqual([]);
  });
});

describe('implementations and their context', () => {
  test('receive the evaluation context; read() resolves against the scope and is recorded', () => {
    const result = evaluateDynamic(
      { call: 'inspect', catalogId: SHOP, args: { path: 'x' } },
      env({ dataModel: { item: { x: 5 } }, scope: '/item', index: 2, userActivated: true }),
    );
    expect(result.value).toEqual({ read: 5 });
    expect(result.reads).toEqual(['/item/x']);
    expect(seenContext).toMatchObject({ surfaceId: 's1', scope: '/item', index: 2, caller: 'renderer', userActivated: true });
  });

  test('requests are collected in order; a throwing implementation becomes EXPRESSION_ERROR and its requests are dropped', () => {
    const ok = evaluateDynamic(
      [
        { call: 'save', catalogId: SHOP, args: { path: '/a', value: 1 } },
        { call: 'save', catalogId: SHOP, args: { path: '/b', value: 2 } },
      ],
      env(),
    );
    expect(ok.requests).toEqual([
      { type: 'setData', path: '/a', value: 1 },
      { type: 'setData', path: '/b', value: 2 },
    ]);
    const failed = evaluateDynamic({ call: 'boom', catalogId: SHOP }, env());
    expect(failed).toMatchObject({ status: 'error', value: null, requests: [] });
    expect(failed.errors).toEqual([{ code: 'EXPRESSION_ERROR', message: "Function 'boom' failed: kaput", call: 'boom', catalogId: SHOP }]);
  });

  test('an implementation cannot swallow an interpolation that waits or fails', () => {
    const waiting = evaluateDynamic({ call: 'stubborn', catalogId: SHOP, args: { value: '${lookup()}' } }, env());
    expect(waiting.status).toBe('pending');
    expect(waiting.pending.map((p) => p.call)).toEqual(['lookup']);
    const failing = evaluateDynamic({ call: 'stubborn', catalogId: SHOP, args: { value: '${' } }, env());
    expect(failing.status).toBe('error');
    expect(evaluateDynamic({ call: 'stubborn', catalogId: SHOP, args: { value: 'a${1}' } }, env()).value).toBe('a1');
  });

  test('implementations are synchronous: a promise is an EXPRESSION_ERROR', () => {
    const result = evaluateDynamic({ call: 'later', catalogId: SHOP }, env());
    expect(result.errors[0]?.message).toContain('must be synchronous');
  });

  test('a failing argument stops the call around it', () => {
    calls.shout = 0;
    const result = evaluateDynamic({ call: 'shout', catalogId: SHOP, args: { value: { call: 'boom', catalogId: SHOP } } }, env());
    expect(result.status).toBe('error');
    expect(calls.shout).toBe(0);
  });
});

describe('argument checks against the definition', () => {
  test.each([
    [{ call: 'shout', catalogId: SHOP, args: {} }, "missing required argument 'value'"],
    [{ call: 'shout', catalogId: SHOP, args: { value: 'x', loud: true } }, "unknown argument 'loud'"],
    [{ call: 'shout', catalogId: SHOP, args: { value: 3 } }, "'value' must be a string, got an integer"],
    [{ call: 'and', args: { values: [true] } }, "'values' must have at least 2 items"],
    [{ call: 'regex', args: { value: 'x', pattern: 5 } }, "'pattern' must be a string"],
    [{ call: 'length', args: { value: 'x', min: -1 } }, "'min' must be at least 0"],
    [{ call: '@index', args: { step: 1 } }, "unknown argument 'step'"],
  ])('%j → %s', (call, message) => {
    const result = evaluateDynamic(call, env({ index: 0 }));
    expect(result.status).toBe('error');
    expect(result.errors[0]?.code).toBe('EXPRESSION_ERROR');
    expect(result.errors[0]?.message).toContain(message);
  });

  test('a required argument written as a path counts as present even before its data arrives', () => {
    const result = evaluateDynamic({ call: 'required', args: { value: { path: '/name' } } }, env());
    expect(result.errors).toEqual([]);
    expect(result.value).toMatchObject({ valid: false, code: 'REQUIRED' });
  });

  test('Dynamic* arguments are not type-checked: the implementation coerces them', () => {
    expect(evaluateDynamic({ call: 'numeric', args: { value: '42.5', min: 0 } }, env()).value).toEqual({ valid: true });
  });

  test('validators nest inside the logical functions, as in the protocol example', () => {
    const checks = {
      call: 'and',
      args: {
        values: [
          { call: 'required', args: { value: { path: '/terms' } } },
          {
            call: 'or',
            args: {
              values: [
                { call: 'required', args: { value: { path: '/email' } } },
                { call: 'required', args: { value: { path: '/phone' } } },
              ],
            },
          },
        ],
      },
    };
    expect(evaluateDynamic(checks, env({ dataModel: { terms: true, phone: '123' } })).value).toBe(true);
    expect(evaluateDynamic(checks, env({ dataModel: { terms: true } })).value).toBe(false);
    expect(evaluateDynamic(checks, env({ dataModel: { email: 'a@b.co' } })).value).toBe(false);
  });
});

describe('limits', () => {
  const nest = (depth: number): unknown =>
    depth === 0 ? true : { call: 'not', args: { value: nest(depth - 1) } };

  test('call nesting beyond maxCallDepth is LIMIT_EXCEEDED', () => {
    expect(evaluateDynamic(nest(10), env()).value).toBe(true);
    const deep = evaluateDynamic(nest(DEFAULT_EXPRESSION_LIMITS.maxCallDepth + 1), env());
    expect(deep.errors.map((e) => e.code)).toContain('LIMIT_EXCEEDED');
    expect(evaluateDynamic(nest(4), env({ limits: { maxCallDepth: 3 } })).status).toBe('error');
  });

  test('a template that interpolates itself stops at the call depth, not the stack', () => {
    const result = evaluateDynamic(fmt({ path: '/t' }), env({ dataModel: { t: 'again ${formatString(value: ${/t})}' } }));
    expect(result.status).toBe('error');
    expect(result.errors.some((e) => e.code === 'LIMIT_EXCEEDED')).toBe(true);
  });

  test('templates in data that fan out stop at maxCalls', () => {
    const t = '${formatString(value: ${/t})}${formatString(value: ${/t})}';
    const result = evaluateDynamic(fmt({ path: '/t' }), env({ dataModel: { t } }));
    expect(result.errors.some((e) => e.code === 'LIMIT_EXCEEDED')).toBe(true);
    // Self-reference goes deep first: the work stops at the call depth, the call that goes
    // over it being the last one made (unbounded, this would be 2^maxCallDepth calls).
    expect(result.work.calls).toBe(DEFAULT_EXPRESSION_LIMITS.maxCallDepth + 1);
    // Twenty levels, each interpolating the next twice: 2^21 calls within the call depth.
    const levels: Record<string, string> = { l20: 'x' };
    for (let i = 0; i < 20; i += 1) levels[`l${i}`] = `\${formatString(value: \${/l${i + 1}})}`.repeat(2);
    const wide = evaluateDynamic(fmt({ path: '/l0' }), env({ dataModel: levels }));
    expect(wide.errors).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED', message: expect.stringContaining(`${DEFAULT_EXPRESSION_LIMITS.maxCalls} function calls`) })]);
    expect(wide.work.calls).toBe(DEFAULT_EXPRESSION_LIMITS.maxCalls + 1);
  });

  test('literal nesting beyond maxValueDepth is LIMIT_EXCEEDED', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    const result = evaluateDynamic(deep, env());
    expect(result.errors).toEqual([expect.objectContaining({ code: 'LIMIT_EXCEEDED' })]);
  });
});

describe('totality', () => {
  test.each([
    [{ call: 5 }, 'EXPRESSION_ERROR'],
    [{ call: 'not', args: [true] }, 'EXPRESSION_ERROR'],
    [{ call: 'not', args: 'x' }, 'EXPRESSION_ERROR'],
    [{ path: 3 }, 'EXPRESSION_ERROR'],
    [{ call: 'not', catalogId: 9, args: { value: 1 } }, 'EXPRESSION_ERROR'],
  ])('%j is an error value, not an exception', (value, code) => {
    const result = evaluateDynamic(value, env());
    expect(result.status).toBe('error');
    expect(result.errors[0]?.code).toBe(code);
  });

  test('hostile objects and odd environments do not throw', () => {
    const hostile = new Proxy({}, { ownKeys: () => { throw new Error('trap'); } });
    expect(evaluateDynamic(hostile, env()).status).toBe('error');
    const getter = Object.defineProperty({}, 'call', { enumerable: true, get: () => { throw new Error('getter'); } });
    expect(evaluateDynamic(getter, env()).status).toBe('error');
    expect(() => evaluateDynamic({ path: 'x' }, { catalogs: [], surfaceCatalogId: null, dataModel: undefined })).not.toThrow();
    expect(evaluateDynamic({ call: 'not', args: { value: 1 } }, undefined as unknown as EvaluationEnv).status).toBe('error');
    expect(evaluateDynamic({ call: 'not' }, { ...env(), catalogs: 'nope' as unknown as [] }).status).toBe('error');
    const throwingHook = env({ agentResult: () => { throw new Error('hook'); } });
    expect(evaluateDynamic({ call: 'lookup' }, throwingHook).errors[0]?.message).toContain('hook');
    expect(evaluateDynamic(fmt('${/a/b/c}'), env({ dataModel: 'not an object' })).value).toBe('');
    expect(evaluateDynamic({ call: 'lookup', args: { f: (() => 1) as unknown } }, env()).status).toBe('pending');
  });

  test('random garbage never throws', () => {
    const names = fc.constantFrom('formatString', 'not', 'and', 'required', '@index', 'lookup', 'shout', 'openUrl', 'regex');
    const { garbage } = fc.letrec<{ garbage: unknown }>((tie) => {
      const inner = tie('garbage');
      return {
        garbage: fc.oneof(
          { depthSize: 'small', maxDepth: 5 },
          fc.oneof(fc.constant(null), fc.integer({ min: -50, max: 49 })),
          fc.constantFrom('${/a}', '${x(y: ${/a})}', '${', "'", 'text', '${@index()}'),
          fc.boolean(),
          fc.record({ path: fc.constantFrom<unknown>('/a', 'b', '', '/', 7) }),
          fc.tuple(inner, inner),
          fc.record({ call: names, args: fc.record({ value: inner, values: fc.tuple(inner), url: inner, pattern: inner }) }),
          fc.record({ call: names, catalogId: fc.constantFrom(SHOP, 'nope', undefined), args: inner }),
          fc.record({ nested: inner }),
          fc.record({ call: fc.constant('formatString'), args: fc.record({ value: inner }) }),
        ),
      };
    });
    fc.assert(
      fc.property(garbage, fc.boolean(), fc.boolean(), (value, indexed, userActivated) => {
        const result = evaluateDynamic(value, env({ dataModel: { a: 1, b: [1] }, index: indexed ? 1 : undefined, userActivated }));
        expect(['ok', 'pending', 'error']).toContain(result.status);
      }),
      { seed: 99, numRuns: 2000 },
    );
  });
});
