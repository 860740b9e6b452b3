import { RuleBasedAuditor } from './rule-based-auditor';
import { summarizeRuleBased } from './rule-summarizer';
import { compliantSamples } from './sample-documents';

/** A long HACCP plan: the sample's sections followed by many dated log lines, as a year of records would be. */
function longHaccpPlan(lines: number): string {
  const words = ['silo', 'wheat', 'barley', 'fumigation', 'inspection', 'moisture', 'rodent', 'bait', 'station', 'checked'];
  const log = Array.from({ length: lines }, (_, i) => `Entry ${i}: ${words[i % words.length]} ${words[(i * 7) % words.length]} checked and recorded`);
  return [...compliantSamples(new Date('2026-03-15T00:00:00Z')).haccp_plan_update, ...log].join('\n');
}

describe('the rule-based summary of a long document', () => {
  it('is made off the main thread: a 5 ms heartbeat keeps firing while it runs, and the summary is the same', async () => {
    const text = longHaccpPlan(120_000);
    let last = Date.now();
    let longestSilence = 0;
    const beat = setInterval(() => {
      longestSilence = Math.max(longestSilence, Date.now() - last);
      last = Date.now();
    }, 5);
    const started = Date.now();
    const summary = await new RuleBasedAuditor().summarize('haccp_plan_update', text).finally(() => clearInterval(beat));
    const took = Date.now() - started;
    longestSilence = Math.max(longestSilence, Date.now() - last);
    expect(longestSilence).toBeLessThan(took / 2);
    expect(summary).toEqual(summarizeRuleBased('haccp_plan_update', text));
  }, 120_000);
});
