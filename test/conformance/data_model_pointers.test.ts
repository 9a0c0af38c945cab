/**
 * core/data_model_pointers.yaml (action validate): pointer escaping (`~0`, `~1`), array indexes
 * and auto-vivification in `updateDataModel`, through the public session API (processorCases.ts).
 * The surfaces name the catalog `basic`, the basic catalog's alias; the expected data models are
 * compared exactly.
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/data_model_pointers.yaml');
runSuite('data_model_pointers', cases, runProcessorCase);
