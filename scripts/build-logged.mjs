// The build for the drivers (`npm start`, `npm test`): the steps of `npm run build` (scripts/build.mjs),
// their whole output in a log; the terminal gets the log's path and a line per step, or on a failure the
// failing step's whole output, where the errors are.
import { BUILD_STEPS, runSteps } from './build.mjs';

/** @returns {Promise<boolean>} whether the build succeeded (its output, on failure, already printed) */
export async function buildLogged({ root, logFile, say }) {
  say('building the types, the workflow bundle and the UI (a minute or two)');
  return runSteps(BUILD_STEPS, { logFile, say, cwd: root });
}
