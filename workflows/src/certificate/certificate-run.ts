/**
 * The bookkeeping of one certificate run (after Temporal's safe-message-handlers sample): the state,
 * the queue of batches the main loop works through, the outbox of mails sent after their answer, the
 * timer keys already fired, and when to continue as new. The workflow function only wires it.
 */
import { allHandlersFinished, condition, continueAsNew, workflowInfo } from '@temporalio/workflow';
import {
  assertAccepted,
  createCertificate,
  transition,
  type CertificateCommand,
  type CertificateEffect,
  type CertificateState,
} from '@grain/domain/workflow-safe';
import { refusal } from '../app-failure';
import type { CertificateWorkflowInput } from './certificate-messages';

/** Past this history length the workflow continues as new (well below Temporal's limits). */
const HISTORY_LIMIT = 4000;

const nowIso = () => new Date().toISOString();

export interface Batch {
  seq: number;
  version: number;
  effects: CertificateEffect[];
}

export class CertificateRun {
  state: CertificateState;
  /** Keys of the timer events already fired (carried across continue-as-new). */
  readonly fired: Set<string>;
  private readonly queue: Batch[] = [];
  private enqueued: number;
  private done = 0;
  /** Mails sent after their batch was answered; awaited before the run ends or continues as new. */
  private readonly outbox = new Set<Promise<void>>();

  constructor(private readonly input: CertificateWorkflowInput) {
    this.fired = new Set(input.resumeTimers ?? []);
    if (input.resumeState) {
      this.state = input.resumeState;
      this.enqueued = 0;
    } else {
      const first = transition(createCertificate(input.certificate), { type: 'submit', actor: input.submittedBy, at: nowIso() });
      this.state = first.state;
      this.enqueued = 1;
      this.queue.push({ seq: 1, version: this.state.version, effects: first.effects });
    }
  }

  /** Runs the machine's checks without keeping the result; a refusal is thrown as the Update's failure. */
  validate(cmd: CertificateCommand): void {
    try {
      assertAccepted(this.state, cmd);
    } catch (e) {
      refusal(e);
    }
  }

  /** Applies a command now (so concurrent Updates see each other) and returns the batch number to wait for. */
  apply(cmd: CertificateCommand): number {
    let r;
    try {
      r = transition(this.state, cmd);
    } catch (e) {
      refusal(e);
    }
    if (r.state === this.state) return this.done; // nothing changed (e.g. a repeated deadline)
    this.state = r.state;
    this.queue.push({ seq: ++this.enqueued, version: this.state.version, effects: r.effects });
    return this.enqueued;
  }

  /** The state once the batch `seq` has run its effects and written the read model. */
  async settle(seq: number): Promise<CertificateState> {
    await condition(() => this.done >= seq);
    return this.state;
  }

  hasWork(): boolean {
    return this.queue.length > 0;
  }

  nextBatch(): Batch | undefined {
    return this.queue.shift();
  }

  /** Marks a batch done: the handlers waiting on it answer. */
  finish(batch: Batch): void {
    this.done = batch.seq;
  }

  post(mail: Promise<void>): void {
    this.outbox.add(mail);
    void mail.finally(() => this.outbox.delete(mail));
  }

  finished(): boolean {
    return this.state.status === 'done' || this.state.status === 'cancelled';
  }

  shouldContinueAsNew(): boolean {
    const info = workflowInfo();
    return (info.continueAsNewSuggested || info.historyLength > HISTORY_LIMIT) && this.queue.length === 0;
  }

  /** Waits for running handlers and unsent mails; true if the run may end (no new batch arrived meanwhile). */
  async quiesce(): Promise<boolean> {
    await condition(allHandlersFinished);
    await Promise.all([...this.outbox]);
    return this.queue.length === 0;
  }

  continueAsNew(): Promise<never> {
    return continueAsNew<(input: CertificateWorkflowInput) => Promise<CertificateState>>({
      ...this.input,
      resumeState: this.state,
      resumeTimers: [...this.fired],
    });
  }

  /**
   * Sleeps until there is work, the run finished, the server suggests continue-as-new, or `ms` passed;
   * the timer carries `summary` (what it is for), which the Temporal UI shows on it.
   */
  async idle(ms?: number, summary?: string): Promise<void> {
    const wake = () => this.queue.length > 0 || this.finished() || workflowInfo().continueAsNewSuggested;
    if (ms === undefined) await condition(wake);
    else await condition(wake, ms, { summary: summary ?? 'waiting for the next reminder or deadline' });
  }
}
