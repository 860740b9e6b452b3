/**
 * One workflow per corrective action (id correctiveActionWorkflowId), started by the API when the
 * action is made. Wiring only: Updates become machine commands (validated first, so a refusal records
 * nothing), timers become the machine's timer commands; CorrectiveActionRun keeps the state, the read
 * model, the mails and what operators see. The workflow ends when the fix is verified.
 */
import type { UpdateDefinition } from '@temporalio/common';
import { allHandlersFinished, condition, setHandler } from '@temporalio/workflow';
import { actionTimerSummary, type ActionCommand, type CorrectiveActionState } from '@grain/domain/workflow-safe';
import {
  actionStateQuery,
  reassignActionUpdate,
  redateActionUpdate,
  reopenActionUpdate,
  startActionUpdate,
  submitFixUpdate,
  verifyActionUpdate,
  type CorrectiveActionWorkflowInput,
} from './corrective-action-messages';
import { CorrectiveActionRun } from './corrective-action-run';

const nowIso = () => new Date().toISOString();

/**
 * An Update whose validator asks the machine about the command the handler then applies. Both build
 * the command from the Update's arguments at the workflow's time, which is the same in the validator
 * and the handler of one Update (and validators do not run on replay).
 */
function commandUpdate<A>(run: CorrectiveActionRun, update: UpdateDefinition<CorrectiveActionState, [A]>, toCommand: (args: A, at: string) => ActionCommand) {
  setHandler(
    update,
    async (args) => {
      run.apply(toCommand(args, nowIso()));
      return run.persist();
    },
    { validator: (args) => run.validate(toCommand(args, nowIso())) },
  );
}

export async function correctiveActionWorkflow(input: CorrectiveActionWorkflowInput): Promise<CorrectiveActionState> {
  const run = new CorrectiveActionRun(input);
  setHandler(actionStateQuery, () => run.state);
  commandUpdate(run, startActionUpdate, (a, at) => ({ type: 'start', actor: a.actor, at }));
  commandUpdate(run, submitFixUpdate, (a, at) => ({ type: 'submitFix', actor: a.actor, note: a.note, evidence: a.evidence, at }));
  commandUpdate(run, verifyActionUpdate, (a, at) => ({ type: 'verify', actor: a.actor, at }));
  commandUpdate(run, reopenActionUpdate, (a, at) => ({ type: 'reopen', actor: a.actor, reason: a.reason, at }));
  commandUpdate(run, reassignActionUpdate, (a, at) => ({ type: 'reassign', actor: a.actor, owner: a.owner, at }));
  commandUpdate(run, redateActionUpdate, (a, at) => ({ type: 'redate', actor: a.actor, dueAt: a.dueAt, at }));

  // The API wrote the first state; this makes sure of it (a lost write) and sets what operators see.
  await run.persist();
  while (run.open) {
    await run.sendMails();
    run.changed = false;
    const next = run.nextTimer();
    const wake = () => run.changed || run.hasMail || !run.open;
    // no timer while a fix waits for its verifier: only a message wakes the action then
    if (!next) await condition(wake);
    else if (!(await condition(wake, Math.max(1, next.at - Date.now()), { summary: actionTimerSummary(next) })) && run.fireDue(Date.now())) await run.persist();
  }
  await condition(allHandlersFinished);
  await run.sendMails();
  return run.state;
}
