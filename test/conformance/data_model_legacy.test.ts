/**
 * suites/data_model.yaml, the older-format data model suite (`action` per step, listeners by id).
 * Subscriptions map onto pure functions as in data_model.test.ts: after each write, every
 * listener whose path `notificationsFor` reports changed records the path's new value.
 */
import { deleteIn, getIn, notificationsFor, setIn } from '../../src/data';
import { loadSuite, runSuite, type ConformanceCase } from './suite';

type Step = {
  action: 'get' | 'set' | 'subscribe' | 'unsubscribe' | 'verify_subscription';
  path?: string;
  value?: unknown;
  remove?: boolean;
  expect?: unknown;
  expect_undefined?: boolean;
  expect_error?: string;
  listener_id?: string;
  expect_updates?: unknown[];
};

type Listener = { path: string; updates: unknown[]; active: boolean };

function runCase(c: ConformanceCase): void {
  let model: unknown = c.initial_data ?? {};
  const listeners = new Map<string, Listener>();
  for (const step of c.steps as Step[]) {
    switch (step.action) {
      case 'get': {
        const value = getIn(model, step.path);
        if ('expect' in step) expect(value).toEqual(step.expect);
        if (step.expect_undefined) expect(value).toBeUndefined();
        break;
      }
      case 'set': {
        const result = step.remove ? deleteIn(model, step.path) : setIn(model, step.path, step.value);
        if (step.expect_error !== undefined) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.error.message).toMatch(new RegExp(step.expect_error));
          break;
        }
        if (!result.ok) throw new Error(`set ${step.path} failed: ${result.error.message}`);
        const before = model;
        model = result.value;
        const active = [...listeners.values()].filter((l) => l.active);
        const changed = new Set(notificationsFor(before, model, active.map((l) => l.path)));
        for (const listener of active) if (changed.has(listener.path)) listener.updates.push(getIn(model, listener.path));
        break;
      }
      case 'subscribe':
        listeners.set(step.listener_id!, { path: step.path!, updates: [], active: true });
        break;
      case 'unsubscribe':
        listeners.get(step.listener_id!)!.active = false;
        break;
      case 'verify_subscription':
        expect(listeners.get(step.listener_id!)?.updates).toEqual(step.expect_updates);
        break;
      default:
        throw new Error(`unknown step action ${String((step as { action: unknown }).action)}`);
    }
  }
}

runSuite('suites/data_model (legacy format)', loadSuite('suites/data_model.yaml'), runCase, {
  known: {
    test_data_model_security_prototype_pollution:
      'this older suite rejects the path segments __proto__, constructor and prototype; we reject __proto__ ' +
      '(an own "__proto__" key breaks code that copies state by assignment, Redux Toolkit\'s checks among it) ' +
      'but store constructor and prototype as ordinary own keys that never reach a prototype: v1.0 binds ' +
      '"JSON Pointers ([RFC 6901])" over "a standard JSON object" (renderer_data_model.json), whose keys may ' +
      'be any string (test/data/safety.test.ts); core/data_model.yaml leaves these guards out as JavaScript-only',
  },
});
