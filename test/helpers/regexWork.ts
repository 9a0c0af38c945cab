/**
 * Work of the safe matcher measured in its own unit, matcher steps, so that "bounded" and
 * "linear" are asserted on counts that do not depend on how loaded the machine is.
 */
import { DEFAULT_REGEX_LIMITS, RegexBudget, RegexLimitError } from '../../src/catalog';

/** What `run` returned (or threw) and the matcher steps it charged to the budget it was given. */
export function regexSteps(run: (budget: RegexBudget) => unknown, maxSteps = DEFAULT_REGEX_LIMITS.maxSteps): { outcome: unknown; steps: number } {
  const budget = new RegexBudget(maxSteps);
  let outcome: unknown;
  try {
    outcome = run(budget);
  } catch (thrown) {
    outcome = thrown;
  }
  return { outcome, steps: budget.spent };
}

/** Slack for the constant term b of linear work a·n + b: a few steps per instruction, not per character. */
const LINEAR_SLACK = 200;

/**
 * Runs `run` on an input of size n and of size 2n (within the default step budget) and checks
 * that neither ran out of steps and that the work doubled at most, give or take a constant:
 * linear work a·n + b does, quadratic work quadruples and exponential work runs out.
 * Returns the outcome on the larger input.
 */
export function expectLinearSteps(run: (n: number, budget: RegexBudget) => unknown, n: number): unknown {
  const single = regexSteps((budget) => run(n, budget));
  const double = regexSteps((budget) => run(2 * n, budget));
  expect(single.outcome).not.toBeInstanceOf(RegexLimitError);
  expect(double.outcome).not.toBeInstanceOf(RegexLimitError);
  expect(single.steps).toBeGreaterThan(n);
  expect(double.steps).toBeLessThanOrEqual(2 * single.steps + LINEAR_SLACK);
  return double.outcome;
}
