import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { WORKFLOWS_MODULE } from './create-worker';
import { installTemporalRuntime } from './runtime';

installTemporalRuntime(); // the replayer's logs at the worker's level, as in production

/**
 * A compliance submission recorded with the workflow before the review step existed (four uploads,
 * a second pest log replacing the first, submit, audit) replays on today's workflow: the review step
 * adds no command to a run that gets no review, so it needs no patch.
 */
test('a compliance history recorded before the review step still replays', async () => {
  const json = JSON.parse(readFileSync(path.join(__dirname, 'fixtures', 'compliance-history-before-review.json'), 'utf8'));
  const history = temporal.api.history.v1.History.fromObject(json);
  const types = history.events.map((e) => e.activityTaskScheduledEventAttributes?.activityType?.name).filter(Boolean);
  expect(types).toEqual(expect.arrayContaining(['processComplianceDocument', 'markComplianceAuditing', 'runComplianceAudit']));
  await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS_MODULE }, history)).resolves.toBeUndefined();
}, 60_000);
