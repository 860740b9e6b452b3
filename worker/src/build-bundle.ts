/**
 * Writes worker/dist/workflow-bundle.js: the workflows package bundled once at build time, so a worker
 * starts without running webpack (`npm run build:bundle -w @grain/worker`, after `tsc -b`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { PRELOADED_MODULES, WORKFLOW_BUNDLE, WORKFLOWS_MODULE } from './create-worker';

export async function buildWorkflowBundle(out = WORKFLOW_BUNDLE, preloadModules = PRELOADED_MODULES): Promise<string> {
  // warnings and errors only: at INFO webpack lists every module it bundled
  const { code } = await bundleWorkflowCode({ workflowsPath: WORKFLOWS_MODULE, preloadModules, logger: new DefaultLogger('WARN') });
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, code);
  return out;
}

if (require.main === module) {
  buildWorkflowBundle().then(
    (out) => console.log(`workflow bundle written to ${out}`),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
