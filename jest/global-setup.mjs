// One throwaway Temporal dev server (in memory, free port, headless) for the whole test run.
import { startDevServer } from '../scripts/temporal-dev.mjs';
import { ensureTemporal } from '../scripts/ensure-temporal.mjs';

export default async function globalSetup() {
  if (process.env.TEMPORAL_TEST_ADDRESS) return; // an outer runner already started one
  const bin = await ensureTemporal();
  const server = await startDevServer({ bin, headless: true });
  process.env.TEMPORAL_TEST_ADDRESS = server.address;
  process.env.TEMPORAL_CLI = bin;
  globalThis.__TEMPORAL_DEV_SERVER__ = server;
}
