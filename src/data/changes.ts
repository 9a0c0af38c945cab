/**
 * Which paths a write changed. Writes share structure, so a value whose identity is unchanged is
 * unchanged: comparing identities along a path is exact and cheap, and needs no observer objects.
 * This reproduces the spec's "bubble and cascade" notification (exact path, ancestors,
 * descendants) while leaving out observers whose value the write did not touch.
 */
import { getIn } from './immutable';
import { escapeSegment, splitPointer } from './pointer';
import { childAt } from './values';

/**
 * The entries of `subscribed` whose value differs (by identity) between two models, in order
 * and with repeats kept: one entry per observer to notify.
 */
export function notificationsFor(oldModel: unknown, newModel: unknown, subscribed: readonly string[]): string[] {
  try {
    if (!Array.isArray(subscribed) || Object.is(oldModel, newModel)) return [];
    const verdicts = new Map<string, boolean>();
    return subscribed.filter((path) => {
      if (typeof path !== 'string') return false;
      let changed = verdicts.get(path);
      if (changed === undefined) {
        changed = !Object.is(getIn(oldModel, path), getIn(newModel, path));
        verdicts.set(path, changed);
      }
      return changed;
    });
  } catch {
    // A revoked proxy in place of the list: nobody can be subscribed through it.
    return [];
  }
}

/**
 * The canonical absolute paths from the root down to `writtenPath` whose value changed identity,
 * root first ([] when nothing changed). Descendants of the written path may have changed too;
 * ask {@link notificationsFor} about those you watch.
 */
export function changedPaths(oldModel: unknown, newModel: unknown, writtenPath: string): string[] {
  const segments = splitPointer(writtenPath as unknown);
  if (segments === null) return [];
  const changed: string[] = [];
  let before = oldModel;
  let after = newModel;
  let prefix = '';
  try {
    for (let depth = 0; depth <= segments.length; depth += 1) {
      // Below an unchanged value nothing can have changed.
      if (Object.is(before, after)) break;
      // Built incrementally (not joinPointer per prefix) to stay linear in the path's length.
      changed.push(depth === 0 ? '/' : segments[depth - 1] === '' ? `${prefix}/` : prefix);
      if (depth === segments.length) break;
      const segment = segments[depth]!;
      prefix += `/${escapeSegment(segment)}`;
      before = childAt(before, segment);
      after = childAt(after, segment);
    }
  } catch {
    // A model with throwing getters: report what was established before the throw.
  }
  return changed;
}
