/**
 * core/data_model.yaml against the pure data layer. The suite's reactive model (observers that
 * fire on writes) maps onto pure functions: the harness keeps the model before and after each
 * step and asks `notificationsFor` which watched paths changed.
 */
import { deleteIn, getIn, isPlainObject, notificationsFor, setIn, type DataResult } from '../../src/data';
import { loadSuite, runSuite, type ConformanceCase } from './suite';

type Step = {
  op: 'get' | 'set' | 'delete' | 'dispose';
  path?: string;
  value?: unknown;
  expect?: unknown;
  expect_absent?: boolean;
  expect_type?: 'list' | 'object';
  expect_error?: { category: string; message: string };
  expect_notified?: string[];
  expect_values?: Record<string, unknown>;
};

// The suite's error categories, named as our error codes.
const CODE_OF_CATEGORY: Record<string, string> = { DataError: 'DATA_ERROR' };

function runCase(c: ConformanceCase): void {
  let model: unknown = 'initial' in c ? c.initial : {};
  let watched = [...((c.watch as string[] | undefined) ?? [])];
  for (const step of c.steps as Step[]) {
    if (step.op === 'get') {
      checkRead(getIn(model, step.path), step);
      continue;
    }
    if (step.op === 'dispose') {
      watched = [];
      checkNotified([], step);
      continue;
    }
    const result: DataResult = step.op === 'set' ? setIn(model, step.path, step.value) : deleteIn(model, step.path);
    if (step.expect_error) {
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.code).toBe(CODE_OF_CATEGORY[step.expect_error.category]);
      expect(result.error.message).toContain(step.expect_error.message);
      continue;
    }
    if (!result.ok) throw new Error(`step ${step.op} ${step.path} failed: ${result.error.message}`);
    const before = model;
    model = result.value;
    checkNotified(notificationsFor(before, model, watched), step);
    for (const [path, value] of Object.entries(step.expect_values ?? {})) expect(getIn(model, path)).toEqual(value);
  }
}

function checkRead(value: unknown, step: Step): void {
  if ('expect' in step) expect(value).toEqual(step.expect);
  if (step.expect_absent) expect(value).toBeUndefined();
  if (step.expect_type === 'list') expect(Array.isArray(value)).toBe(true);
  if (step.expect_type === 'object') expect(isPlainObject(value)).toBe(true);
}

function checkNotified(notified: string[], step: Step): void {
  if (step.expect_notified) expect(notified).toEqual(step.expect_notified);
}

const cases = loadSuite('core/data_model.yaml').filter((c) => c.action === 'data_model');

describe('core/data_model.yaml', () => {
  test('the suite is the one this harness was written for', () => {
    expect(cases.length).toBeGreaterThanOrEqual(35);
  });
});

runSuite('core/data_model', cases, runCase);
