/**
 * The bookkeeping of one corrective action's workflow: the state, the mails still to send, the
 * read-model writes and what operators see. The workflow function (corrective-action-workflow.ts)
 * only wires messages and timers to it; every rule is the domain machine's.
 */
import { proxyActivities, setCurrentDetails, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import {
  actionTimers,
  APP_ERROR_FAILURE_TYPE,
  assertActionAccepted,
  isOpenAction,
  transitionAction,
  type ActionCommand,
  type ActionEffect,
  type ActionTimer,
  type CorrectiveActionActivityContract,
  type CorrectiveActionState,
} from '@grain/domain/workflow-safe';
import { refusal } from '../app-failure';
import { actionDetails, actionSearchAttributes } from './corrective-action-search-attributes';
import type { CorrectiveActionWorkflowInput } from './corrective-action-messages';

const readModel = proxyActivities<Pick<CorrectiveActionActivityContract, 'saveCorrectiveAction'>>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', nonRetryableErrorTypes: [APP_ERROR_FAILURE_TYPE] },
});
/** Mails are best effort: an outage must not hold the action back. */
const mail = proxyActivities<Pick<CorrectiveActionActivityContract, 'mailCorrectiveAction'>>({
  startToCloseTimeout: '30s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 8 },
});

interface PendingMail {
  key: string;
  state: CorrectiveActionState;
  effect: ActionEffect;
}

export class CorrectiveActionRun {
  state: CorrectiveActionState;
  private readonly mails: PendingMail[] = [];
  private shownSearch = '';
  /** Set by each change; the main loop wakes on it to send mails and re-plan its timers. */
  changed = false;

  constructor(input: CorrectiveActionWorkflowInput) {
    this.state = input.state;
    this.queue(input.state, input.effects);
  }

  get open(): boolean {
    return isOpenAction(this.state);
  }

  get hasMail(): boolean {
    return this.mails.length > 0;
  }

  /** The machine's refusal as the failure an Update answers with; nothing is kept. */
  validate(cmd: ActionCommand): void {
    try {
      assertActionAccepted(this.state, cmd);
    } catch (e) {
      refusal(e);
    }
  }

  /** Applies the command now (so a second Update sees it), queues its mails; answers whether it changed anything. */
  apply(cmd: ActionCommand): boolean {
    let next: ReturnType<typeof transitionAction>;
    try {
      next = transitionAction(this.state, cmd);
    } catch (e) {
      return refusal(e);
    }
    if (next.state === this.state) return false;
    this.state = next.state;
    this.queue(next.state, next.effects);
    this.changed = true;
    return true;
  }

  private queue(s: CorrectiveActionState, effects: ActionEffect[]) {
    effects.forEach((effect, i) => this.mails.push({ key: `${workflowInfo().workflowId}:${s.version}:${i}`, state: s, effect }));
  }

  /** Writes the read model (forward only, by version) and keeps operators' view current. */
  async persist(): Promise<CorrectiveActionState> {
    const s = this.state;
    await readModel.saveCorrectiveAction({ state: s });
    this.showOperators();
    return s;
  }

  showOperators(): void {
    const attrs = actionSearchAttributes(this.state);
    const shown = JSON.stringify(attrs.map((a) => a.value));
    if (shown !== this.shownSearch) {
      upsertSearchAttributes(attrs);
      this.shownSearch = shown;
    }
    setCurrentDetails(actionDetails(this.state));
  }

  async sendMails(): Promise<void> {
    while (this.mails.length) {
      const m = this.mails.shift()!;
      try {
        await mail.mailCorrectiveAction(m);
      } catch {
        // retries ran out: the step stays in the audit trail and the read model; the mail is lost
      }
    }
  }

  /** The next time the action wakes by itself, and every timer due by then. */
  nextTimer(): ActionTimer | undefined {
    return actionTimers(this.state)[0];
  }

  /** Fires every timer whose time has come, in order; answers whether any changed the action. */
  fireDue(now: number): boolean {
    let any = false;
    for (let t = this.nextTimer(); t && t.at <= now; t = this.nextTimer()) {
      const changed = this.apply({ type: 'timer', event: t.kind, offsetMs: t.offsetMs, at: new Date(now).toISOString() });
      if (!changed) break; // a timer that changes nothing would be planned again
      any = true;
    }
    return any;
  }
}
