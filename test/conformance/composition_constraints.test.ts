/**
 * core/composition_constraints.yaml (action validate): `allowedParents` / `allowedChildren` and the
 * UNALLOWED_* codes, through the public session API in strict mode (processorCases.ts). The
 * processor's messages use the case's wording; a unit test checks them
 * (test/processor/processor.test.ts, "composition constraints") with a catalog whose component
 * schemas declare their properties.
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/composition_constraints.yaml');

const SKETCH =
  'the case\'s inline catalog sketches its components by their composition keys only (`{"type": "object"}`, `{"allowedParents": [...]}`) and declares no `children` for the container, which v1.0\'s Component definition (allOf [ComponentCommon, <catalog component>, …] with unevaluatedProperties: false) refuses; so strict validation answers VALIDATION_FAILED (unknown key "children") for the container before composition is checked. A catalog whose schemas declare their properties gets the case\'s UNALLOWED_* error and wording (test/processor/processor.test.ts, "composition constraints")';

const known: Record<string, string> = {
  test_composition_unallowed_parent_error: SKETCH,
  test_composition_unallowed_child_error: SKETCH,
};

runSuite('composition_constraints', cases, runProcessorCase, { known });
