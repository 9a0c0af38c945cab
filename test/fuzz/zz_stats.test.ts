import fc from 'fast-check';
import { scenarioArb } from './arbitraries';
import { runSessionScenario } from './sessionRunner';
test('stats', () => {
  const samples = fc.sample(scenarioArb, { numRuns: 300, seed: 42 });
  const stats: Record<string, number> = {};
  const inc = (k: string, n = 1) => { stats[k] = (stats[k] ?? 0) + n; };
  for (const s of samples) {
    const out = runSessionScenario(s, { fresh: false, onResult: (k, r) => inc(`result:${k}:${r.ok ? "ok" : r.error?.code}`) });
    for (const e of out.effects) {
      inc(`effect:${e.type}`);
      if (e.type === 'send') inc(`send:${Object.keys(e.message).filter(k => k !== 'version')[0]}`);
      if (e.type === 'diagnostic') inc(`diag:${e.payload.code}`);
      if (e.type === 'send' && 'error' in e.message) inc(`err:${(e.message.error as any).code}`);
    }
    const nodes = Object.values(out.session.state.surfaces).reduce((n, s) => n + Object.keys(s.components).length, 0);
    inc('finalComponents', nodes);
    inc('unansweredAfterFailure', out.unansweredAfterFailure.length);
  }
  console.log(JSON.stringify(stats, null, 1));
});
