/**
 * The bookkeeping of one certificate run (after Temporal's safe-message-handlers sample): the state,
 * the queue of batches the main loop works through, the timer keys already fired, and when to continue
 * as new. The workflow function only wires it.
 *
 * Order of work: a handler applies its command to the state at once (so concurrent Updates see each
 * other) and enqueues a batch; the main loop runs batches one by one, and the handler answers when its
 * batch is done — so a sign call returns after the read model shows the signature; it answers the
 * version the read model shows (CertificateChanged), never the whole state. A sign is applied
 * when nothing else is queued or running and redeems its code in its batch's commit; it is undone if the
 * code is refused, and other commands wait for it meanwhile.
 */
import type { UpdateDefinition } from '@temporalio/common';
import { allHandlersFinished, CancellationScope, condition, continueAsNew, currentUpdateInfo, setHandler, sleep, workflowInfo } from '@temporalio/workflow';
import {
  assertAccepted,
  createCertificate,
  transition,
  type CertificateCommand,
  type CertificateEffect,
  type CertificateState,
  type CertificateCommit,
} from '@grain/domain/workflow-safe';
import { refusal } from '../app-failure';
import type { CertificateChanged, CertificateOutcome, CertificateWorkflowInput } from './certificate-messages';

/** Past this history length the workflow continues as new (well below Temporal's limits). */
const HISTORY_LIMIT = 4000;

const nowIso = () => new Date().toISOString();

export interface Batch {
  seq: number;
  version: number;
  effects: CertificateEffect[];
  /** The code a sign redeems in the same step as its effects. */
  redeem?: CertificateCommit['redeem'];
}

/**
 * One Update of the certificate: the command its arguments make and, when it is not applied the default
 * way (once no sign is pending), what its handler does with it. Module-level values: every cached run
 * shares them (CertificateRun.onCommands).
 */
export interface CommandUpdate<A = any, C extends CertificateCommand = CertificateCommand> {
  update: UpdateDefinition<CertificateChanged, [A]>;
  toCommand(args: A): C;
  handle?(run: CertificateRun, cmd: C, args: A): Promise<CertificateChanged>;
}

/** The timer the run sleeps on between batches, kept while the event it waits for stays the next one. */
interface PlannedTimer {
  key: string;
  fired: boolean;
  scope: CancellationScope;
}

export class CertificateRun {
  state: CertificateState;
  /** Keys of the timer events already fired (carried across continue-as-new). */
  readonly fired: Set<string>;
  private readonly queue: Batch[] = [];
  private enqueued: number;
  private done = 0;
  /** The version the read model shows after the last finished batch. */
  private written: number;
  /** A batch the main loop is running (taken off the queue, not yet finished). */
  private running = false;
  /** A sign applied before its code is redeemed: undone if the code is refused. */
  private tentative?: { seq: number; before: CertificateState };
  /** Failures of refused signs, by batch number, for their handlers to answer with. */
  private readonly refused = new Map<number, unknown>();
  private timer?: PlannedTimer;
  /** A local activity is running; the callers waiting for their turn, in order. */
  private stepping = false;
  private readonly stepQueue: Array<() => void> = [];
  /**
   * The run's root scope, and one scope of the run's that cannot be cancelled, made once, where every
   * commit and every wait of the run runs. The SDK ties each scope it makes to its parent's cancellation,
   * and each wait (condition) in a scope that can be cancelled to that scope's, by a reaction on the
   * parent's promise, which is settled only if the workflow is cancelled: each kept what it held for as
   * long as the run is cached (heap snapshot of a cached run: each sign left one scope, its commit's, and
   * two waits behind, for good). In `shield` neither is made.
   */
  private readonly root = CancellationScope.current();
  private readonly shield = new CancellationScope({ cancellable: false });

  constructor(private readonly input: CertificateWorkflowInput) {
    this.fired = new Set(input.resumeTimers ?? []);
    if (input.resumeState) {
      this.state = input.resumeState;
      this.enqueued = 0;
      this.written = this.state.version;
    } else {
      // the state names its workflow, so the API finds the workflow from the read model
      const draft = { ...createCertificate(input.certificate), workflowId: workflowInfo().workflowId };
      const first = transition(draft, { type: 'submit', actor: input.submittedBy, at: nowIso() });
      this.state = first.state;
      this.written = 0;
      this.enqueued = 1;
      this.queue.push({ seq: 1, version: this.state.version, effects: first.effects });
    }
  }

  /**
   * Runs a local activity when no other is running (first come, first served). Two that overlap resolve
   * live in the order they finish but on replay in the order they were started (sdk-typescript#1744),
   * so code that runs after each (an Update's answer, the read model's search attributes) was recorded
   * in one order and replays in another: a nondeterminism error, and the run stops on its next replay.
   */
  async step<T>(localActivity: () => Promise<T>): Promise<T> {
    if (this.stepping) await new Promise<void>((turn) => this.stepQueue.push(turn));
    else this.stepping = true;
    try {
      // In a scope that cannot be cancelled: the SDK keeps a local activity's arguments as long as the scope
      // it was scheduled in can be cancelled (the run's root scope: as long as the run is cached), and a
      // commit's argument holds the whole state it wrote. A commit is one transaction either way.
      return await this.shield.run(localActivity);
    } finally {
      // the turn passes straight to the next in line, so no third caller can slip in between
      const next = this.stepQueue.shift();
      if (next) next();
      else this.stepping = false;
    }
  }

  /**
   * Waits until `ready()`, as `condition(ready)` in the root scope does, without leaving anything behind
   * (in `shield`): a cancelled workflow still ends every wait with the root scope's CancelledFailure. The
   * condition is made in `shield` (scope.run calls its function at once) and waited for here, so a waiting
   * run holds the condition only, not also the frames of scope.run and of an async function around it.
   */
  wait(ready: () => boolean): Promise<void> {
    let waiting: Promise<void> | undefined;
    void this.shield.run(async () => {
      waiting = condition(() => ready() || this.root.consideredCancelled);
    });
    if (!waiting) throw new Error('CancellationScope.run did not run its function at once');
    return waiting.then(() => (this.root.consideredCancelled ? this.root.cancelRequested : undefined));
  }

  /** Runs the machine's checks without keeping the result; a refusal is thrown as the Update's failure. */
  validate(cmd: CertificateCommand): void {
    try {
      assertAccepted(this.state, cmd);
    } catch (e) {
      refusal(e);
    }
  }

  /**
   * Registers the certificate's Updates (`updates`, by name): one validator and one handler for all of
   * them, the Update's name choosing its command, so a cached run holds two functions and one map of
   * built commands, not a set per Update. The validator runs the machine's checks on the command the
   * handler then applies: the command is built once, in the validator, and handed to the handler; on
   * replay validators do not run, so the handler builds it (the same command: workflow time is the
   * Update's). By default the handler applies it once no sign is pending and answers the state after its batch.
   */
  onCommands(updates: ReadonlyMap<string, CommandUpdate>): void {
    const built = new Map<string, CertificateCommand>();
    const current = () => {
      const info = currentUpdateInfo();
      const u = info && updates.get(info.name);
      if (!info || !u) throw new Error(`no certificate command for the Update ${info?.name ?? '(none)'}`);
      return { id: info.id, u };
    };
    const options = {
      validator: (args: unknown) => {
        const { id, u } = current();
        const cmd = u.toCommand(args);
        this.validate(cmd);
        built.set(id, cmd);
      },
    };
    const handler = (args: unknown): Promise<CertificateChanged> => {
      const { id, u } = current();
      const cmd = built.get(id) ?? u.toCommand(args);
      built.delete(id);
      return u.handle ? u.handle(this, cmd, args) : this.applyAfterSign(cmd);
    };
    for (const u of updates.values()) setHandler(u.update, handler, options);
  }

  /** Applies a command once no sign waits for its code (it may be undone), and answers the state after its batch. */
  async applyAfterSign(cmd: CertificateCommand): Promise<CertificateChanged> {
    if (this.signPending()) await this.wait(() => !this.signPending());
    return this.settle(this.apply(cmd));
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

  /**
   * Applies a sign whose code is redeemed by its own batch, once the run is quiet (so undoing it
   * restores exactly the state before it); nothing applies on top of it until its batch has run
   * (`signPending`). Quiet is checked again after every wake-up: several signs waiting for one batch
   * wake in the same activation, and only the first may go (issue 26, item 3).
   */
  async sign(make: (s: CertificateState) => { cmd: CertificateCommand; redeem: NonNullable<Batch['redeem']> }): Promise<CertificateChanged> {
    while (!this.quiet()) await this.wait(() => this.quiet());
    const { cmd, redeem } = make(this.state);
    return this.settle(this.applySign(cmd, redeem));
  }

  private applySign(cmd: CertificateCommand, redeem: NonNullable<Batch['redeem']>): number {
    if (!this.quiet()) throw new Error('a sign is applied only when no batch is queued, running or pending');
    const before = this.state;
    const seq = this.apply(cmd);
    const batch = this.queue[this.queue.length - 1];
    if (batch?.seq !== seq) return seq;
    batch.redeem = redeem;
    this.tentative = { seq, before };
    return seq;
  }

  /** True when a sign may be applied: no batch queued or running, no sign waiting for its redeem. */
  quiet(): boolean {
    return this.queue.length === 0 && !this.running && !this.tentative;
  }

  /** A sign is applied but its code not yet redeemed: other commands wait for it. */
  signPending(): boolean {
    return this.tentative !== undefined;
  }

  /** The sign of `batch` was redeemed and committed. */
  confirm(batch: Batch): void {
    if (this.tentative?.seq === batch.seq) this.tentative = undefined;
  }

  /** The code of the sign of `batch` was refused: back to the state before the sign; its handler answers `failure`. */
  refuse(batch: Batch, failure: unknown): void {
    if (this.tentative?.seq !== batch.seq) throw failure;
    this.state = this.tentative.before;
    this.tentative = undefined;
    this.refused.set(batch.seq, failure);
  }

  /** Once the batch `seq` has run its effects and written the read model: the version the read model shows. */
  async settle(seq: number): Promise<CertificateChanged> {
    await this.wait(() => this.done >= seq);
    const failure = this.refused.get(seq);
    if (failure !== undefined) {
      this.refused.delete(seq);
      throw failure;
    }
    return { version: this.written };
  }

  nextBatch(): Batch | undefined {
    const b = this.queue.shift();
    this.running = b !== undefined;
    return b;
  }

  /** Marks a batch done, the read model showing `written` (unchanged when the batch was refused): the handlers waiting on it answer. */
  finish(batch: Batch, written = this.written): void {
    this.done = batch.seq;
    this.written = Math.max(this.written, written);
    this.running = false;
  }

  finished(): boolean {
    return this.state.status === 'done' || this.state.status === 'cancelled';
  }

  shouldContinueAsNew(): boolean {
    const info = workflowInfo();
    return (info.continueAsNewSuggested || info.historyLength > HISTORY_LIMIT) && this.queue.length === 0;
  }

  /** Waits for running handlers; true if the run may end (no new batch arrived meanwhile). */
  async quiesce(): Promise<boolean> {
    await this.wait(allHandlersFinished);
    return this.queue.length === 0;
  }

  continueAsNew(): Promise<never> {
    return continueAsNew<(input: CertificateWorkflowInput) => Promise<CertificateOutcome>>({
      ...this.input,
      resumeState: this.state,
      resumeTimers: [...this.fired],
    });
  }

  /**
   * Sleeps until there is work, the run finished, the server suggests continue-as-new, or the next timer
   * event is due. The timer outlives a wake-up: it is started once per timer event (`key`, due at `at`)
   * and cancelled only when another event becomes the next one; it carries `summary` (what it is for),
   * which the Temporal UI shows on it.
   */
  async idleUntil(next?: { key: string; at: number; summary: string }): Promise<void> {
    const key = next ? `${next.key}@${next.at}` : undefined;
    if (this.timer && this.timer.key !== key) {
      this.timer.scope.cancel();
      this.timer = undefined;
    }
    if (next && key && !this.timer) {
      const t: PlannedTimer = { key, fired: false, scope: new CancellationScope() };
      this.timer = t;
      void t.scope
        .run(() => sleep(Math.max(1, next.at - Date.now()), { summary: next.summary }))
        .then(
          () => (t.fired = true),
          () => undefined, // cancelled: another event became the next one
        );
    }
    const timer = this.timer;
    await this.wait(() => this.queue.length > 0 || this.finished() || workflowInfo().continueAsNewSuggested || !!timer?.fired);
    if (timer?.fired && this.timer === timer) this.timer = undefined;
  }
}
