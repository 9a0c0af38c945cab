/**
 * core/validator_v1_0.yaml (action validate): envelope and component validation with error
 * details, through the public session API in strict mode. The mapping is documented in
 * processorCases.ts (including how `details` paths and codes are compared) and mapping.ts.
 *
 * Note: test_v10_unknown_component_property and test_v10_unknown_nested_function send a Button
 * with `label`, a v0.9 shape (v1.0's Button requires `child`), and the latter an action that is a
 * bare FunctionCall rather than v1.0's `{functionCall: …}`; they fail validation on that, which is
 * the category the cases ask for. An unknown attribute alone is refused too; an unknown function
 * alone would not be (API.md: it is an agent function).
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/validator_v1_0.yaml');

/** The protocol on references that are not there yet ("progressive rendering"). */
const PROGRESSIVE =
  'a2ui_protocol.md, updateComponents: "Because components may reference children or data bindings that do not yet exist, renderers should handle missing references gracefully by rendering placeholders (progressive rendering)", and "Until that component [root] is defined, other component updates will have no visible effect, and they will be buffered until a root component is defined"; a renderer session accepts such updates and renders placeholders (MISSING_CHILD diagnostics), so the topology checks of a complete, agent-side document do not apply';

const known: Record<string, string> = {
  test_validator_theme_schema:
    'protocol v0.9 messages with `createSurface.theme`: v1.0 createSurface has no `theme` (agent_to_renderer.json: surfaceId, catalogId, sendDataModel, components, dataModel, metadata), and this package speaks v1.0 only',
  test_v10_topology_dangling_child_reference_error: PROGRESSIVE,
  test_v10_topology_orphaned_component_error: PROGRESSIVE,
  test_v10_topology_missing_root_component_error: PROGRESSIVE,
  test_v10_uax31_invalid_identifier_error:
    'v1.0 common_types.json defines ComponentId as {"type": "string"} with no pattern; the protocol\'s UAX #31 rule covers "catalog entity identifiers—specifically component names, function names, and argument/property names", not component ids',
};

runSuite('validator_v1_0', cases, runProcessorCase, { known });
