/**
 * End-of-stream checks (`validate --complete`): once the agent is done, every surface should have
 * a `root`, every child reference should name a component that exists, and every component should
 * be reachable from `root`. Mid-stream these are normal (components arrive in any order), so the
 * session does not report them; on a complete payload they are mistakes.
 */
import { childIdsOf } from '../processor/components';
import type { Session } from '../session/session';
import { tableToRecord } from '../data';

/** One end-of-stream problem of a surface. */
export interface CompletenessProblem {
  code: 'MISSING_ROOT' | 'DANGLING_REFERENCE' | 'ORPHANED_COMPONENT';
  surfaceId: string;
  /** The component the problem is about (the referring one, for a dangling reference). */
  componentId?: string;
  message: string;
}

/** The end-of-stream problems of every surface of a session. */
export function completenessProblems(session: Session): CompletenessProblem[] {
  const problems: CompletenessProblem[] = [];
  for (const [surfaceId, surface] of Object.entries(session.state.surfaces)) {
    const components = tableToRecord(surface.components);
    const has = (id: string): boolean => Object.prototype.hasOwnProperty.call(components, id);
    const children = new Map<string, string[]>();
    for (const [id, component] of Object.entries(components)) {
      const ids = childIdsOf(session.runtime.processor, surface, component);
      children.set(id, ids);
      for (const child of ids) {
        if (!has(child)) {
          problems.push({ code: 'DANGLING_REFERENCE', surfaceId, componentId: id, message: `'${id}' refers to child '${child}', which was never sent.` });
        }
      }
    }
    if (!has('root')) {
      problems.push({ code: 'MISSING_ROOT', surfaceId, message: "No component has id 'root', so nothing is mounted on the surface." });
      continue;
    }
    const reached = new Set<string>(['root']);
    const stack = ['root'];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      for (const child of children.get(id) ?? []) {
        if (has(child) && !reached.has(child)) {
          reached.add(child);
          stack.push(child);
        }
      }
    }
    for (const id of Object.keys(components)) {
      if (!reached.has(id)) problems.push({ code: 'ORPHANED_COMPONENT', surfaceId, componentId: id, message: `'${id}' is not reachable from 'root'.` });
    }
  }
  return problems;
}
