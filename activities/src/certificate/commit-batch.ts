import type { CertificateActivityContract, CertificateCommit, CertificateNotice } from '@grain/domain';
import { certificateDetailPath, recordLedgerTx } from '@grain/domain';
import { asksToSign, noticeText, type Ledger } from '@grain/adapters';
import type { OutboxMail, Stores } from '@grain/persistence';
import type { ActivityDeps } from '../deps';
import { mailMessageId } from '../mail-once';
import { permanentOnAppError } from './errors';

type CommitStores = Pick<Stores, 'certificates' | 'mailOutbox' | 'reminders'>;

/**
 * One batch's database work. With the embedded ledger (same database) redeem, appends, read model and
 * mails are one transaction: a refused code leaves no block, no row and no mail behind, and a retry
 * after a crash finds everything or nothing. With Fabric the redeem commits first (a refused code never
 * reaches the ledger), then the appends (idempotent by key), then the read model (versioned) with the
 * mails (once per key): a retry repeats what did not finish.
 */
export function commitBatchActivity(deps: ActivityDeps): CertificateActivityContract['commitCertificateBatch'] {
  const record = recordCommit(deps);
  return (a) =>
    permanentOnAppError(async () => {
      const { ledger } = deps.adapters;
      const r = ledger.withinTransaction
        ? await deps.stores.transaction(async (tx) => {
            if (a.redeem) await tx.otps.redeem(a.redeem.otpId, a.redeem.binding, a.redeem.redeemKey);
            return recordThenAppend(tx, ledger.withinTransaction!(tx.ledgerBlocks), a, record);
          })
        : await commitThenAppend(deps, ledger, a, record);
      return { txIds: r.txIds };
    });
}

type RecordCommit = ReturnType<typeof recordCommit>;

/**
 * Inside the database's transaction: the read model and mails first, the ledger's appends last, so the
 * ledger's lock (one writer at a time for the whole chain) is held for the append and the commit only,
 * not for the rest of the batch. The tx ids recorded on the state are the ledger's own for their keys
 * (`txIdOf`); the append is checked to agree, else everything rolls back.
 */
async function recordThenAppend(tx: CommitStores, ledger: Ledger, a: CertificateCommit, record: RecordCommit) {
  if (!ledger.txIdOf) return record(tx, a, await append(ledger, a));
  const expected = a.ledger.map(({ key }) => ledger.txIdOf!(key));
  const r = await record(tx, a, expected);
  const txIds = await append(ledger, a);
  if (txIds.some((id, i) => id !== expected[i])) throw new Error(`ledger tx ids ${txIds.join(',')} are not the keys' ids ${expected.join(',')}`);
  return r;
}

/** With a ledger of its own (Fabric): the redeem, then the appends, then the read model with its mails. */
async function commitThenAppend(deps: ActivityDeps, ledger: Ledger, a: CertificateCommit, record: RecordCommit) {
  if (a.redeem) await deps.stores.otps.redeem(a.redeem.otpId, a.redeem.binding, a.redeem.redeemKey);
  const txIds = await append(ledger, a);
  return deps.stores.transaction((tx) => record(tx, a, txIds));
}

/** The appends of a commit: the ledger's tx ids, in the order of its entries. */
async function append(ledger: Ledger, a: CertificateCommit): Promise<string[]> {
  if (!a.ledger.length) return [];
  const receipts = await ledger.appendMany(
    a.ledger.map(({ key, effect }) => ({ key, type: effect.event, payload: { certificateId: a.state.id, ...effect.payload } })),
  );
  return receipts.map((r) => r.txId);
}

/**
 * The read-model write (which tells the company's open pages in the same statement) and the mails of a
 * commit, its tx ids recorded on its state.
 */
function recordCommit(deps: ActivityDeps) {
  const queueNotices = noticeQueue(deps);
  return async (s: CommitStores, a: CertificateCommit, txIds: string[]) => {
    const state = a.ledger.reduce((st, { effect }, i) => recordLedgerTx(st, effect, txIds[i], a.at), a.state);
    if (a.readModel === 'write') await s.certificates.upsert(state);
    await queueNotices(s, a.notices, !!a.mailsWaitForPdf);
    return { txIds };
  };
}

/**
 * A notice as one mail to all its recipients (they read the same words), with a Message-ID of its key.
 * A reminder counts on the overdue dashboard once per recipient when it is queued.
 */
function noticeQueue({ config }: ActivityDeps) {
  // A mail links to its certificate (to its sign dialog when it asks the reader to sign).
  const linkTo = (certificateId: string, sign = false) => `${config.publicUrl}${certificateDetailPath(certificateId, { sign })}`;
  return async (s: Pick<Stores, 'mailOutbox' | 'reminders'>, notices: CertificateNotice[], held: boolean) => {
    const mails: OutboxMail[] = [];
    for (const n of notices) {
      const e = n.effect;
      const to = e.recipients.filter((p) => p.email);
      if (!to.length) continue;
      const text = noticeText(e, { ...n.ctx, link: linkTo(n.ctx.certificateId, asksToSign(e)) });
      mails.push({
        key: n.key,
        certificateId: n.ctx.certificateId,
        recipients: to.map((p) => p.email),
        subject: text.subject,
        text: text.text,
        html: text.html,
        messageId: mailMessageId(n.key, 'notice'),
        held,
      });
      if (e.type === 'remindSigners')
        for (const p of to)
          await s.reminders.record({ key: `${n.key}:mail:${p.id}`, certificateId: n.ctx.certificateId, level: e.level, recipientId: p.id, overdue: e.overdue });
    }
    await s.mailOutbox.enqueue(mails);
  };
}
