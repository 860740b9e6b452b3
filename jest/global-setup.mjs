// One throwaway Temporal dev server (in memory, free ports) for the whole test run, with its Web UI:
// the operators' browser test (e2e/operators.e2e.ts) reads the workflows there, at TEMPORAL_TEST_UI_URL.
import { startDevServer } from '../scripts/temporal-dev.mjs';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';

export default async function globalSetup() {
  if (process.env.TEMPORAL_TEST_ADDRESS) return; // an outer runner already started one
  const bin = await ensureTemporal();
  const server = await startDevServer({ bin });
  process.env.TEMPORAL_TEST_ADDRESS = server.address;
  process.env.TEMPORAL_TEST_UI_URL = `http://127.0.0.1:${server.uiPort}`;
  process.env.TEMPORAL_CLI = bin;
  globalThis.__TEMPORAL_DEV_SERVER__ = server;
}
