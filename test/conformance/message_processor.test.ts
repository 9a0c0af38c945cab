/**
 * core/message_processor_v1_0.yaml (actions process_messages, validate, get_renderer_data_model,
 * get_renderer_capabilities) through the public session API. The mapping (catalogs, validation
 * mode, draft spellings, how errors and expected state are compared) is documented in
 * processorCases.ts and mapping.ts.
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/message_processor_v1_0.yaml');

const known: Record<string, string> = {
  test_v091_version_string_compatibility:
    'protocol v0.9.1 message: this package speaks v1.0 only, and API.md decides that a wrong `version` "fail[s] that message in both modes"',
  test_v10_get_renderer_data_model_excludes_surface_without_default_from_v09:
    "a v0.9 data model request: API.md's clientDataModel(session, version?: 'v1.0') takes v1.0 only and refuses another version with UNSUPPORTED_VERSION instead of answering null",
  test_v10_get_renderer_data_model_filters_by_surface_protocol_version:
    'creates a surface with a v0.9 message and asks for a v0.9 data model: this package speaks v1.0 only (API.md: a wrong `version` fails the message)',
};

runSuite('message_processor_v1_0', cases, runProcessorCase, { known });
