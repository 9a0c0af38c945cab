/**
 * A node that reads many data paths, some more than once (past the count where the resolver finds
 * a repeated read through a map instead of a scan): each path is one dependency, and a write to
 * any of them, and only to them, evaluates the node again. Checked against the formatted text
 * written out independently and against a resolution from scratch.
 */
import { createResolverCache, resolveSurface, type ResolutionResult } from '../../src/resolution/resolver';
import type { Session } from '../../src/session/session';
import { apply, msg, open } from '../helpers/session';

const PATHS = 12;
const names = Array.from({ length: PATHS }, (_, i) => `p${i}`);
// Every path once, then the first and last again (repeated reads of one path).
const template = `${names.map((n) => `\${/${n}}`).join(',')}|\${/p0}\${/p${PATHS - 1}}`;
const expected = (values: Record<string, string>) => `${names.map((n) => values[n]).join(',')}|${values.p0}${values[`p${PATHS - 1}`]}`;

const components = [
  { id: 'root', component: 'Column', children: ['many', 'other'] },
  { id: 'many', component: 'Text', text: { call: 'formatString', args: { value: template } } },
  { id: 'other', component: 'Text', text: { path: '/other' } },
];

const surfaceOf = (session: Session) => session.state.surfaces.s as NonNullable<Session['state']['surfaces'][string]>;

function update(before: Session, after: Session): ResolutionResult {
  const cache = createResolverCache();
  resolveSurface(cache, before.runtime.resolution, surfaceOf(before), before.state);
  return resolveSurface(cache, after.runtime.resolution, surfaceOf(after), after.state);
}

test('every path read is one dependency; a write to any of them evaluates the node, a write elsewhere does not', () => {
  const values: Record<string, string> = Object.fromEntries(names.map((n) => [n, n.toUpperCase()]));
  let session = open(components, { ...values, other: 'x' }).session;
  expect(resolveSurface(createResolverCache(), session.runtime.resolution, surfaceOf(session), session.state).tree.nodes.many?.props.text).toBe(expected(values));
  for (const name of [...names, 'other']) {
    const after = apply(session, msg.data('s', `/${name}`, `${name}!`)).session;
    if (name !== 'other') values[name] = `${name}!`;
    const result = update(session, after);
    // 'other' shows its path bound alone: it takes the new value without a build.
    expect({ built: result.pass.built, rebound: result.pass.rebound }).toEqual(name === 'other' ? { built: [], rebound: ['other'] } : { built: ['many'], rebound: [] });
    expect(result.tree.nodes.many?.props.text).toBe(expected(values));
    const scratch = resolveSurface(createResolverCache(), after.runtime.resolution, surfaceOf(after), after.state).tree;
    expect(result.tree.nodes).toEqual(scratch.nodes);
    session = after;
  }
});
