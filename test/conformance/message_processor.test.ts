/**
 * core/message_processor_v1_0.yaml (actions process_messages, validate, get_renderer_data_model,
 * get_renderer_capabilities) through the public session API. The mapping (catalogs, validation
 * mode, draft spellings, how errors and expected state are compared) is documented in
 * processorCases.ts and mapping.ts.
 */
import { AGENT_FUNCTION_RULE } from './mapping';
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/message_processor_v1_0.yaml');

const known: Record<string, string> = {
  test_multiple_update_types_error:
    'BUG: wording. The envelope check (src/protocol/parse.ts checkBodyKeys) rejects the message with INVALID_MESSAGE, as it should, but says "more than one message body (…)" where the case looks for "Message contains multiple conflicting update actions"; propose starting that sentence with "message contains multiple conflicting update actions (…)"',
  test_v10_rejects_v08_begin_rendering_action:
    'BUG: wording. parse.ts checkBodyKeys rejects `beginRendering` with INVALID_MESSAGE, saying "unknown key \\"beginRendering\\"; …" where the case looks for "action \'beginRendering\' is not supported in protocol version v1.0"; propose that sentence for an unknown key that is a body of an older protocol version (beginRendering, surfaceUpdate, dataModelUpdate)',
  test_v10_non_string_surface_id_error:
    'BUG: wording. The zod issue explanation (src/protocol/issues.ts) says "/0/createSurface/surfaceId: expected string, got number" where the case looks for "surfaceId must be a string"; propose naming the property in type errors: "surfaceId must be a string, got number"',
  test_unsupported_protocol_version_error:
    'BUG: wording. parse.ts checkVersion says "unsupported version \\"v99.0\\"; expected \\"v1.0\\"" where the case looks for "Unsupported protocol version \'v99.0\'"; propose "unsupported protocol version \'v99.0\'; expected \\"v1.0\\""',
  test_missing_version_field_in_v10_process_messages_error:
    'BUG: wording. parse.ts checkVersion says "missing \\"version\\"; expected \\"v1.0\\"" where the case looks for "Missing required version field"; propose "missing required version field; expected \\"v1.0\\""',
  test_global_recursion_depth_limit_exceeded_error:
    'BUG: wording. The nesting limit is enforced before the processor, by parseAgentMessage (src/protocol/json.ts toJsonValue, code LIMIT_EXCEEDED, which the table maps to RecursionError), whose reason reads "nested deeper than 54 levels" (the session passes maxValueDepth + 4 for the envelope); the case looks for "Global recursion limit exceeded". Propose the reason "Global recursion limit exceeded: nested deeper than N levels" in json.ts',
  test_v091_version_string_compatibility:
    'protocol v0.9.1 message: this package speaks v1.0 only, and API.md decides that a wrong `version` "fail[s] that message in both modes"',
  test_v10_function_call_naming_catalog_without_that_function_errors: AGENT_FUNCTION_RULE,
  test_v10_function_call_without_catalog_id_to_unknown_function_errors: AGENT_FUNCTION_RULE,
  test_v10_nested_call_in_args_resolves_its_own_catalog: AGENT_FUNCTION_RULE,
  test_v10_call_in_index_args_is_checked: AGENT_FUNCTION_RULE,
  test_v10_call_in_list_without_catalog_id_uses_surface_default: AGENT_FUNCTION_RULE,
  test_v10_get_renderer_data_model_excludes_surface_without_default_from_v09:
    "a v0.9 data model request: API.md's clientDataModel(session, version?: 'v1.0') takes v1.0 only and refuses another version with UNSUPPORTED_VERSION instead of answering null",
  test_v10_get_renderer_data_model_filters_by_surface_protocol_version:
    'creates a surface with a v0.9 message and asks for a v0.9 data model: this package speaks v1.0 only (API.md: a wrong `version` fails the message)',
};

runSuite('message_processor_v1_0', cases, runProcessorCase, { known });
