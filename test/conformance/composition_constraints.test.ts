/**
 * core/composition_constraints.yaml (action validate): `allowedParents` / `allowedChildren` and the
 * UNALLOWED_* codes, through the public session API in strict mode (processorCases.ts). The
 * processor's messages use the case's wording; a unit test checks them
 * (test/processor/processor.test.ts, "composition constraints") with a catalog whose component
 * schemas declare their properties.
 */
import { COMPONENT_KEY_BUG } from './mapping';
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/composition_constraints.yaml');

const SKETCH =
  'the case\'s inline catalog sketches its components by their composition keys only (`{"type": "object"}`, `{"allowedParents": [...]}`), so the components fail strict validation before composition is checked: (1) ' +
  COMPONENT_KEY_BUG +
  '; (2) even with that fixed, the sketches declare no `children`, which v1.0\'s Component definition (unevaluatedProperties: false) refuses, so strict validation still answers VALIDATION_FAILED for the container';

const known: Record<string, string> = {
  test_composition_unallowed_parent_error: SKETCH,
  test_composition_unallowed_child_error: SKETCH,
};

runSuite('composition_constraints', cases, runProcessorCase, { known });
