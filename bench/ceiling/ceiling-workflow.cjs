// The ceiling of the certificate benchmarks: a workflow of the certificate's shape (started with the
// same input; `requestOtp` and `sign` Updates over 3 levels of 2 signatures) whose handlers do nothing —
// no database, no mail, no ledger, no PDF, no timers, no search attributes. What it costs is what the
// platform (dev server, SDK worker, the driver) costs for this shape of work: the figure ours is held to.
const { condition, defineUpdate, setHandler } = require('@temporalio/workflow');

const requestOtp = defineUpdate('requestOtp');
const sign = defineUpdate('sign');

async function ceilingWorkflow(input) {
  const levels = input.certificate.levels.map((l) => l.signatures);
  let stage = 1;
  let signed = 0;
  let version = 1;
  const status = () => (stage > levels.length ? 'done' : 'signing');
  setHandler(requestOtp, () => ({ level: stage, expiresAt: '', contentHashShort: '' }));
  setHandler(sign, () => {
    version++;
    if (++signed >= levels[stage - 1]) {
      stage++;
      signed = 0;
    }
    return { version, stage, status: status() };
  });
  await condition(() => stage > levels.length);
  return { version, stage, status: status() };
}

module.exports = { ceilingWorkflow };
