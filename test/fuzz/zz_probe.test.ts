import fc from 'fast-check';
import { scenarioArb } from './arbitraries';
import { runSessionScenario } from './sessionRunner';
test('timing', () => {
  const samples = fc.sample(scenarioArb, { numRuns: 100, seed: 7 });
  const times: Array<[number, number]> = [];
  samples.forEach((s, i) => { const t = Date.now(); try { runSessionScenario(s); } catch {} times.push([Date.now() - t, i]); });
  times.sort((a, b) => b[0] - a[0]);
  console.log('total', times.reduce((a, b) => a + b[0], 0), 'top', JSON.stringify(times.slice(0, 10)), 'median', times[50]);
  const worst = samples[times[0]![1]]!;
  console.log(JSON.stringify(worst).length, JSON.stringify(worst.operations.map(o => [o.kind, JSON.stringify(o).length])));
});
