/**
 * Imported first by main.ts: when this process is the standalone worker (`node worker/dist/main.js`), it
 * runs with WORKER_NODE_OPTIONS from its first line on (see node-options.ts), replaced by the same command
 * with them before any of the worker's dependencies loads (1.2-2 s of imports here).
 */
import path from 'node:path';
import { ensureWorkerNodeOptions } from './node-options';

if (require.main?.filename === path.join(__dirname, 'main.js')) ensureWorkerNodeOptions();
