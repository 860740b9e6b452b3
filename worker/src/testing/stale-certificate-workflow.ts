/**
 * A certificate workflow as an earlier version of the code might have run it: its first command is a
 * timer where the current code's is a local activity, so its history cannot replay on the current code
 * (the start-up check's test, server/src/server.test.ts).
 */
import { sleep } from '@temporalio/workflow';

export async function certificateWorkflow(): Promise<void> {
  await sleep('1 day');
}
