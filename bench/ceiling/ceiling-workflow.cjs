// The ceiling of the certificate benchmarks: a workflow of the certificate's shape (started with the
// same input; `requestOtp` and `sign` Updates over 3 levels of 2 signatures) whose handlers do nothing —
// no database, no mail, no ledger, no PDF, no timers, no search attributes. What it costs is what the
// platform (dev server, SDK worker, the driver) costs for this shape of work: the figure ours is held to.
//
// Beside it, `ceilingCommandsWorkflow`: the same Updates answered at once, and the platform commands the
// certificate's design makes (the guide's fixed points: timers drive deadlines, operators find runs by
// search attributes, an activity renders the PDF), as many as ours makes a certificate, with nothing
// behind them: started with the certificate's search attributes, one timer a level for its due time
// (cancelled when the level completes), one upsert at each change of status or level (a level's first
// signature, its last), one activity with an empty handler at completion. Its CPU less the ceiling's is
// what those commands cost the platform: the floor's share of them (bench/lib/report.mjs).
const { defineSearchAttributeKey } = require('@temporalio/common');
const { CancellationScope, condition, defineUpdate, proxyActivities, setHandler, sleep, upsertSearchAttributes } = require('@temporalio/workflow');

const requestOtp = defineUpdate('requestOtp');
const sign = defineUpdate('sign');

/**
 * The certificate's Updates answered at once, as the ceiling's two workflows answer them: a code request
 * names the current level; a sign counts, and the level's last one moves to the next level.
 */
function answerUpdates(levels) {
  const run = { stage: 1, signed: 0, version: 1 };
  const status = () => (run.stage > levels.length ? 'done' : 'signing');
  setHandler(requestOtp, () => ({ level: run.stage, expiresAt: '', contentHashShort: '' }));
  setHandler(sign, () => {
    run.version++;
    if (++run.signed >= levels[run.stage - 1].signatures) {
      run.stage++;
      run.signed = 0;
    }
    return { version: run.version, stage: run.stage, status: status() };
  });
  return { run, done: () => run.stage > levels.length, outcome: () => ({ version: run.version, stage: run.stage, status: status() }) };
}

async function ceilingWorkflow(input) {
  const { done, outcome } = answerUpdates(input.certificate.levels);
  await condition(done);
  return outcome();
}

const STATUS = defineSearchAttributeKey('CertificateStatus', 'KEYWORD');
const LEVEL = defineSearchAttributeKey('CurrentLevel', 'INT');
const DUE = defineSearchAttributeKey('DueTime', 'DATETIME');
const { ceilingPdf } = proxyActivities({ startToCloseTimeout: '1 minute' });

async function ceilingCommandsWorkflow(input) {
  const levels = input.certificate.levels;
  const { run, done, outcome } = answerUpdates(levels);
  const due = (level) => new Date(levels[level - 1].deadline ?? input.certificate.deadline ?? Date.now() + 6 * 86_400_000);
  let timer;
  const startTimer = (level) => {
    timer = new CancellationScope();
    timer.run(() => sleep(Math.max(1, due(level).getTime() - Date.now()))).catch(() => undefined);
  };
  startTimer(1);
  let seen = { ...run };
  while (!done()) {
    await condition(() => run.version !== seen.version);
    if (run.stage !== seen.stage) {
      timer.cancel();
      if (done())
        upsertSearchAttributes([
          { key: STATUS, value: 'done' },
          { key: DUE, value: null },
        ]);
      else {
        upsertSearchAttributes([
          { key: DUE, value: due(run.stage) },
          { key: STATUS, value: 'signing' },
          { key: LEVEL, value: run.stage },
        ]);
        startTimer(run.stage);
      }
    } else if (seen.signed === 0 && run.signed > 0) upsertSearchAttributes([{ key: STATUS, value: 'pending' }]);
    seen = { ...run };
  }
  await ceilingPdf();
  return outcome();
}

module.exports = { ceilingWorkflow, ceilingCommandsWorkflow };
