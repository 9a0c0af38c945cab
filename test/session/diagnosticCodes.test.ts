/**
 * Diagnostic codes are a closed set: the README's table explains exactly `DIAGNOSTIC_CODES`, and a
 * session fed the spec's examples and broken streams reports no code outside the set, in its
 * trees or in its `diagnostic` effects.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DIAGNOSTIC_CODES } from '../../src/model/tree';
import type { Effect } from '../../src/model/effects';
import { createSession, handleMessage, resolvedTree, surfaces, type Session } from '../../src/session/session';
import { basicCatalog } from '../../src/catalog';
import { FIXTURES } from '../conformance/suite';
import { msg } from '../helpers/session';

const README = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');

/** The codes of the README's "Diagnostic codes" table, in order. */
function documentedCodes(): string[] {
  const start = README.indexOf('### Diagnostic codes');
  expect(start).toBeGreaterThan(-1);
  const section = README.slice(start, README.indexOf('\n## ', start));
  return [...section.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1] as string);
}

describe('DIAGNOSTIC_CODES', () => {
  it('has no code twice', () => {
    expect(new Set(DIAGNOSTIC_CODES).size).toBe(DIAGNOSTIC_CODES.length);
  });

  it('is the set the README explains, one row per code', () => {
    const documented = documentedCodes();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual([...DIAGNOSTIC_CODES].sort());
  });
});

describe('what a session reports', () => {
  const known = new Set<string>(DIAGNOSTIC_CODES);
  const seen = new Set<string>();

  /** Feeds one message; every diagnostic effect and tree diagnostic it leads to must use a known code. */
  function feed(session: Session, message: unknown): Session {
    const result = handleMessage(session, message);
    const effects: Effect[] = result.effects;
    for (const effect of effects) {
      if (effect.type !== 'diagnostic') continue;
      seen.add(effect.payload.code);
      expect(known.has(effect.payload.code)).toBe(true);
    }
    for (const surfaceId of Object.keys(surfaces(result.session))) {
      for (const diagnostic of resolvedTree(result.session, surfaceId)?.diagnostics ?? []) {
        seen.add(diagnostic.code);
        expect(known.has(diagnostic.code)).toBe(true);
      }
    }
    return result.session;
  }

  it('uses only codes of the set, over the spec examples and broken streams', () => {
    const examples = join(FIXTURES, 'spec/v1_0/catalogs/basic/examples');
    for (const file of readdirSync(examples).filter((name) => name.endsWith('.json'))) {
      let session = createSession([basicCatalog()], { validation: 'lenient' });
      for (const message of JSON.parse(readFileSync(join(examples, file), 'utf8')).messages) session = feed(session, message);
    }
    let session = createSession([basicCatalog()], { validation: 'lenient', limits: { maxTreeDepth: 3 } });
    session = feed(session, msg.create('s'));
    session = feed(session, msg.components('s', [
      { id: 'root', component: 'Column', children: ['missing', 'loop', 'odd', 'bound', 'deep', 'bad'] },
      { id: 'loop', component: 'Column', children: ['root'] },
      { id: 'odd', component: 'NoSuchThing' },
      { id: 'bound', component: 'Text', text: { path: '/absent' } },
      { id: 'deep', component: 'Column', children: ['deeper'] },
      { id: 'deeper', component: 'Column', children: ['deepest'] },
      { id: 'deepest', component: 'Text', text: 'x' },
      { id: 'bad', component: 'Text', text: { call: 'formatNumber', args: { value: 'not a number' } } },
    ]));
    session = feed(session, { version: 'v1.0', agentFunctionResponse: { functionCallId: 'never-sent', value: 1 } });
    // The stream above reaches several codes of the tree and of effects, so the check above ran on them.
    expect(seen.size).toBeGreaterThanOrEqual(5);
    expect(seen.has('MISSING_CHILD')).toBe(true);
    expect(seen.has('AGENT_RESPONSE_IGNORED')).toBe(true);
  });
});
