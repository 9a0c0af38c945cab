/**
 * core/data_deletion.yaml (action validate): `updateDataModel` with `value: null` deletes, through
 * the public session API (processorCases.ts). The surfaces name the catalog `basic`, the basic
 * catalog's alias; the expected data models are compared exactly (a subset would pass vacuously).
 */
import { runProcessorCase } from './processorCases';
import { loadSuite, runSuite } from './suite';

const cases = loadSuite('core/data_deletion.yaml');
runSuite('data_deletion', cases, runProcessorCase);
