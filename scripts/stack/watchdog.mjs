// Stops a stack once the process that owns it is gone (a test run that crashed or was killed must not
// leave a database and a Temporal cluster behind). Started by startStack({ ownerPid }).
import { COMPONENTS, stopStack } from './stack.mjs';

const [dir, owner] = process.argv.slice(2);
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
process.on('SIGTERM', () => process.exit(0)); // stack:stop ends the watchdog first
while (alive(Number(owner))) await new Promise((r) => setTimeout(r, 1000));
console.error(`[stack] owner ${owner} is gone: stopping the stack in ${dir}`);
await stopStack({ dir, only: COMPONENTS.filter((c) => c !== 'watchdog') });
