/**
 * core/reserved_keys.yaml (actions validate, process_messages): reserved `@`-prefixed keys, a
 * syntax still moving upstream. Run through the public session API (processorCases.ts).
 *
 * Mapping: the draft's `@path` and `@call` are v1.0's `path` and `call` (translateDraftKeys), so
 * the first three cases are v1.0 bindings and calls. v1.0 has no other reserved keys: the `@`
 * namespace is for function names ("System Namespace Rule (`@` Prefix): Function names beginning
 * with `@` …"), and a DynamicValue object is a literal exactly when it has no `path` or `call` key.
 *
 * v1.0 accepts `{"@if": true, …}` and `{"@": …}` as literal objects, so the cases that refuse
 * them (a newer draft's reserved-key rule) are known differences.
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/reserved_keys.yaml');

const NEWER_AT_KEYS =
  'a newer draft reserves every single-`@` key in a dynamic object; v1.0 reserves the `@` prefix for function names only ("System Namespace Rule"), and common_types.json DynamicValue admits any object without `path` or `call` keys as a literal';

const known: Record<string, string> = {
  test_plain_object_with_literal_path_and_call:
    'v1.0 common_types.json DynamicValue admits a literal object only when it has neither `path` nor `call` ({"type": "object", "not": {"anyOf": [{"required": ["path"]}, {"required": ["call"]}]}}), and `{path, call}` is neither a DataBinding (additionalProperties: false) nor a FunctionCall; the case follows a newer draft where bindings are spelled `@path`/`@call`',
  test_disallowed_unknown_single_at_key: `${NEWER_AT_KEYS} ({"@if": true, "then": "active"} is such a literal object, accepted as sent)`,
  test_disallowed_bare_at_key: `${NEWER_AT_KEYS} ({"@": "reserved"} is such a literal object, accepted as sent)`,
  test_escaped_doubled_at_unescaping:
    'a newer draft\'s `@@` escaping: v1.0 has no escape for keys, so `{"@@path": …}` is a literal object kept as sent (the case expects it stored as `{"@path": …}`)',
};

runSuite('reserved_keys', cases, runProcessorCase, { known });
