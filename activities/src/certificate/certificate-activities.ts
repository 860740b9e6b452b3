import { X509Certificate } from 'node:crypto';
import { log } from '@temporalio/activity';
import type { CertificateActivityContract, CertificateCommit, CertificateNotice, CertificatePdfRequest, CertificateState } from '@grain/domain';
import { certificateDetailPath, certificateLiveMessage, issuedCertificate, recordLedgerTx, recordPdf, type FrozenIssuer } from '@grain/domain';
import { addValidationData, asksToSign, issueCredential, noticeText, sealOptionsFor, sealPdf, type Ledger } from '@grain/adapters';
import { issuerFacts, sha256hex, type OutboxMail, type Stores } from '@grain/persistence';
import type { ActivityDeps } from '../deps';
import { mailMessageId } from '../mail-once';
import { certificateHtml, qrSvg, verifyUrl } from './certificate-pdf';
import { permanentOnAppError } from './errors';

export function createCertificateActivities(deps: ActivityDeps) {
  const { adapters, config } = deps;
  const { certificates: store, live, activityResults } = deps.stores;
  // A retried activity gets the kept result of a step it already did, so files happen once.
  const once = <T>(key: string, fn: () => Promise<T>) => activityResults.once(key, fn);
  // A mail links to its certificate (to its sign dialog when it asks the reader to sign).
  const linkTo = (certificateId: string, sign = false) => `${config.publicUrl}${certificateDetailPath(certificateId, { sign })}`;

  /**
   * A notice as one mail to all its recipients (they read the same words), with a Message-ID of its key.
   * A reminder counts on the overdue dashboard once per recipient when it is queued.
   */
  async function queueNotices(s: Pick<Stores, 'mailOutbox' | 'reminders'>, notices: CertificateNotice[], held: boolean) {
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
  }

  /** Tells the company's open pages that the read model moved forward (after commit). */
  async function publishIfApplied(state: CertificateState, applied: boolean) {
    if (!applied) return;
    await live.publish(certificateLiveMessage(state)).catch((e) => log.warn('live publish failed', { certificateId: state.id, error: String(e) })); // live is best effort; pages also poll
  }

  type CommitStores = Pick<Stores, 'certificates' | 'mailOutbox' | 'reminders'>;
  /** The appends of a commit: the ledger's tx ids, in the order of its entries. */
  async function append(ledger: Ledger, a: CertificateCommit): Promise<string[]> {
    if (!a.ledger.length) return [];
    const receipts = await ledger.appendMany(
      a.ledger.map(({ key, effect }) => ({ key, type: effect.event, payload: { certificateId: a.state.id, ...effect.payload } })),
    );
    return receipts.map((r) => r.txId);
  }
  /** The read-model write and the mails of a commit, its tx ids recorded on its state. */
  async function record(s: CommitStores, a: CertificateCommit, txIds: string[]) {
    const state = a.ledger.reduce((st, { effect }, i) => recordLedgerTx(st, effect, txIds[i], a.at), a.state);
    let applied = false;
    if (a.readModel === 'write') applied = (await s.certificates.upsert(state)).applied;
    else if (a.readModel === 'holdForPdf') await s.certificates.holdForPdf(state);
    await queueNotices(s, a.notices, a.readModel === 'holdForPdf');
    return { txIds, state, applied };
  }

  const activities: CertificateActivityContract = {
    /**
     * One batch's database work. With the embedded ledger (same database) redeem, appends, read model and
     * mails are one transaction: a refused code leaves no block, no row and no mail behind, and a retry
     * after a crash finds everything or nothing. With Fabric the redeem commits first (a refused code never
     * reaches the ledger), then the appends (idempotent by key), then the read model (versioned) with the
     * mails (once per key): a retry repeats what did not finish.
     */
    async commitCertificateBatch(a: CertificateCommit): Promise<{ txIds: string[] }> {
      return permanentOnAppError(async () => {
        const { ledger } = adapters;
        let r;
        if (ledger.withinTransaction) {
          r = await deps.stores.transaction(async (tx) => {
            if (a.redeem) await tx.otps.redeem(a.redeem.otpId, a.redeem.binding, a.redeem.redeemKey);
            return record(tx, a, await append(ledger.withinTransaction!(tx.ledgerBlocks), a));
          });
        } else {
          if (a.redeem) await deps.stores.otps.redeem(a.redeem.otpId, a.redeem.binding, a.redeem.redeemKey);
          const txIds = await append(ledger, a);
          r = await deps.stores.transaction((tx) => record(tx, a, txIds));
        }
        await publishIfApplied(r.state, r.applied);
        return { txIds: r.txIds };
      });
    },

    /**
     * Renders, seals and stores the PDF of the state its batch's commit held (once per certificate
     * content), then writes the read model with it (recordPdf at `at`, as the workflow records it) and
     * lets the batch's mails go, in one transaction.
     */
    async generateCertificatePdf(a: CertificatePdfRequest): Promise<{ pdfKey: string }> {
      const { held, written } = await store.heldForPdf(a.certificateId);
      if (held?.version !== a.version) {
        // a retry after its write: the read model shows this version's PDF already
        if (written && written.version > a.version && written.pdfKey) return { pdfKey: written.pdfKey };
        throw new Error(`certificate ${a.certificateId}: no state held for its PDF at version ${a.version} (held: ${held?.version ?? 'none'})`);
      }
      const company = (facts: { issuer?: FrozenIssuer }) => ({ id: held.companyId, name: facts.issuer?.name ?? held.companyId });
      const sealFor = (facts: { issuer?: FrozenIssuer }) =>
        deps.stores.signatures.companySeal(company(facts), config.caKeySecret, sealOptionsFor(config.publicUrl, held.companyId, facts.issuer?.did));
      const r = await once(`${a.key}:pdf:${held.contentHash}`, async () => {
        const url = verifyUrl(config.publicUrl, held.contentHash);
        const facts = await issuerFacts(deps.stores, held);
        const issued = issuedCertificate(held, facts);
        const rendered = await adapters.pdf.render(certificateHtml(issued, { url, svg: await qrSvg(url) }));
        // the stored, recorded PDF is the sealed one: its hash is what the public check compares. A PAdES
        // B-LT seal: the TSA's timestamp in the signature; the CA chain, the TSA's certificate and the CA's
        // CRL as it stands at sealing in the DSS (and in the signature, for validators that read it there).
        const seal = await sealFor(facts);
        const crls = [await deps.stores.signatures.freshCaCrl(held.companyId, config.caKeySecret)];
        const sealed = await sealPdf(rendered, {
          ...seal,
          chainPems: [seal.caCertificatePem],
          name: facts.issuer?.name ?? held.companyId,
          reason: `Grain quality certificate ${held.approvalNumber} issued`,
          location: facts.issuer?.address,
          contactInfo: url,
          tsa: adapters.tsa,
          crls,
        });
        const pdf = await addValidationData(sealed, {
          certificatePems: [seal.certificatePem, seal.caCertificatePem, ...(await adapters.tsa.certificatePems())],
          crls,
        });
        const pdfKey = await adapters.storage.put(pdf, { ext: 'pdf', prefix: 'certificates' });
        // the issuer as it stands now, with the seal that sealed it: frozen with the certificate below
        const issuer: FrozenIssuer | undefined = facts.issuer && {
          ...facts.issuer,
          sealFingerprint: new X509Certificate(seal.certificatePem).fingerprint256,
          caFingerprint: new X509Certificate(seal.caCertificatePem).fingerprint256,
        };
        return { pdfKey, sha256: sha256hex(pdf), ...(issuer ? { issuer } : {}) };
      });
      const state = recordPdf(held, r.pdfKey, a.at);
      const issuer = (r as { issuer?: FrozenIssuer }).issuer;
      const applied = await deps.stores.transaction(async (tx) => {
        if (issuer) await tx.certificates.freezeIssuer(state.id, issuer);
        // the public page checks uploads against the hash
        await tx.certificates.recordPdfHash(state.id, r.sha256);
        const w = await tx.certificates.upsert(state);
        await tx.mailOutbox.release(state.id);
        return w.applied;
      });
      // the credential, signed once with the seal that sealed the PDF (kept: a retried attempt reads it back)
      if (state.status === 'done') {
        const facts = await issuerFacts(deps.stores, state);
        await issueCredential(deps, state, facts, await sealFor(facts), r.sha256);
      }
      await publishIfApplied(state, applied);
      return { pdfKey: r.pdfKey };
    },
  };

  return activities;
}
export type CertificateActivities = CertificateActivityContract;
