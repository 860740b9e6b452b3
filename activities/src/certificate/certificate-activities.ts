import { X509Certificate } from 'node:crypto';
import { log } from '@temporalio/activity';
import type {
  CertificateActivityContract,
  CertificateCommit,
  CertificateMailContext,
  CertificatePayload,
  CertificateState,
  MailedResult,
  NotifyEffect,
  OtpBinding,
  Person,
} from '@grain/domain';
import { certificateDetailPath, issuedCertificate, recordLedgerTx, type FrozenIssuer } from '@grain/domain';
import { addValidationData, issueCredential, sealOptionsFor, sealPdf, type Ledger } from '@grain/adapters';
import { issuerFacts, sha256hex } from '@grain/persistence';
import type { ActivityDeps } from '../deps';
import { certificateHtml, certificatePayload, qrSvg, verifyUrl } from './certificate-pdf';
import { permanentOnAppError } from './errors';
import { mailTexts, type MailText } from './mail-texts';

export function createCertificateActivities(deps: ActivityDeps) {
  const { adapters, config } = deps;
  const { certificates: store, otps, reminders, live, activityResults } = deps.stores;
  // A retried activity gets the kept result of a step it already did, so mails and files happen once.
  const once = <T>(key: string, fn: () => Promise<T>) => activityResults.once(key, fn);
  // A mail links to its certificate (to its sign dialog when it asks the reader to sign).
  const linkTo = (certificateId: string, sign = false) => `${config.publicUrl}${certificateDetailPath(certificateId, { sign })}`;

  /** Mails each recipient once per key; `sent` runs after each mail the server accepted (also once). */
  async function mailEach(key: string, to: Person[], text: MailText, sent?: (p: Person, mailKey: string) => Promise<void>): Promise<MailedResult> {
    let mailed = 0;
    for (const p of to) {
      if (!p.email) continue;
      const mailKey = `${key}:mail:${p.id}`;
      await once(mailKey, async () => {
        await adapters.mail.send({
          to: p.email,
          subject: text.subject,
          text: text.text,
          html: text.html,
          messageId: `<${sha256hex(`${key}:${p.id}`).slice(0, 32)}@grain.certificates>`,
        });
        return { sent: true };
      });
      await sent?.(p, mailKey); // idempotent itself, so a retry after a crash between the two records it
      mailed++;
    }
    return { mailed };
  }

  /** Writes the read model and, when the write moved it forward, tells the company's open pages (after commit). */
  async function publishIfApplied(state: CertificateState, applied: boolean) {
    if (!applied) return;
    await live
      .publish({
        companyId: state.companyId,
        type: 'certificate_update',
        data: { id: state.id, approvalNumber: state.approvalNumber, status: state.status, stage: state.stage, overdue: state.overdue, version: state.version },
      })
      .catch((e) => log.warn('live publish failed', { certificateId: state.id, error: String(e) })); // live is best effort; pages also poll
  }

  /** The redeem, the appends and the read-model write of one commit, through the given stores and ledger. */
  async function commitWith(s: { otps: typeof otps; certificates: typeof store }, ledger: Ledger, a: CertificateCommit) {
    if (a.redeem) await s.otps.redeem(a.redeem.otpId, a.redeem.binding, a.redeem.redeemKey);
    const receipts = await ledger.appendMany(
      a.ledger.map(({ key, effect }) => ({ key, type: effect.event, payload: { certificateId: a.state.id, ...effect.payload } })),
    );
    const txIds = receipts.map((r) => r.txId);
    const state = a.ledger.reduce((st, { effect }, i) => recordLedgerTx(st, effect, txIds[i], a.at), a.state);
    const applied = a.writeReadModel ? (await s.certificates.upsert(state)).applied : false;
    return { txIds, state, applied };
  }

  const activities: CertificateActivityContract = {
    /**
     * One batch's database work. With the embedded ledger (same database) redeem, appends and read model
     * are one transaction: a refused code leaves no block and no row behind, and a retry after a crash
     * finds everything or nothing. With Fabric the redeem commits first (a refused code never reaches the
     * ledger), then the appends (idempotent by key), then the read model (versioned): a retry repeats
     * what did not finish.
     */
    async commitCertificateBatch(a: CertificateCommit): Promise<{ txIds: string[] }> {
      return permanentOnAppError(async () => {
        const { ledger } = adapters;
        const r = ledger.withinTransaction
          ? await deps.stores.transaction((tx) => commitWith({ otps: tx.otps, certificates: tx.certificates }, ledger.withinTransaction!(tx.ledgerBlocks), a))
          : await commitWith({ otps, certificates: store }, ledger, a);
        await publishIfApplied(r.state, r.applied);
        return { txIds: r.txIds };
      });
    },

    /** Makes a code (CSPRNG), stores its hash and mails it. The code is never returned or logged. */
    async issueOtp(a: {
      binding: OtpBinding;
      user: Person;
      ctx: CertificateMailContext;
      ttlMs?: number;
    }): Promise<{ expiresAt: string; contentHashShort: string }> {
      return permanentOnAppError(async () => {
        const { code, expiresAt, otpId } = await otps.issue(a.binding, a.ttlMs);
        const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - Date.now()) / 60_000));
        const hashShort = a.binding.contentHash.slice(0, 12);
        const text = mailTexts.otp({ ...a.ctx, link: linkTo(a.binding.certificateId, true) }, code, hashShort, minutes);
        await adapters.mail.send({ to: a.user.email, subject: text.subject, text: text.text, html: text.html, messageId: `<otp-${otpId}@grain.certificates>` });
        log.info('signing code issued', { certificateId: a.binding.certificateId, level: a.binding.level, userId: a.binding.userId });
        return { expiresAt, contentHashShort: hashShort };
      });
    },

    async notifyCertificate(a: { key: string; effect: NotifyEffect; ctx: CertificateMailContext }): Promise<MailedResult> {
      const e = a.effect;
      const asksToSign = e.type === 'notifySigners' || e.type === 'notifySignaturesVoided' || e.type === 'remindSigners';
      const { certificateId } = a.ctx;
      const c = { ...a.ctx, link: linkTo(certificateId, asksToSign) };
      if (e.type === 'remindSigners') {
        // each reminder mail sent (by a timer or by hand) counts on the overdue dashboard
        return mailEach(a.key, e.recipients, mailTexts.reminder(c, e.overdue), async (p, mailKey) => {
          await reminders.record({ key: mailKey, certificateId, level: e.level, recipientId: p.id, overdue: e.overdue });
        });
      }
      const text =
        e.type === 'notifySigners'
          ? mailTexts.levelStarted(c, e.reason)
          : e.type === 'notifyRejected'
            ? mailTexts.rejected(c, e.fromLevel, e.toLevel, e.by, e.reason)
            : e.type === 'notifyCompleted'
              ? mailTexts.completed(c)
              : e.type === 'notifySignaturesVoided'
                ? mailTexts.signaturesVoided(c, e.changed)
                : e.type === 'notifyWithdrawn'
                  ? mailTexts.withdrawn(c, e.by, e.reason)
                  : mailTexts.escalation(c, e.type === 'escalateOverdue' ? e.by : undefined);
      return mailEach(a.key, e.recipients, text);
    },

    /**
     * Renders, seals and stores the certificate PDF once per certificate content: a PAdES B-LT seal (the
     * TSA's timestamp in the signature; the CA chain, the TSA's certificate and the CA's CRL made just after
     * it in the DSS). Then the credential, signed with that same seal, and its status list.
     */
    async generateCertificatePdf(a: { key: string; state: CertificateState }): Promise<{ pdfKey: string; payload: CertificatePayload }> {
      const company = (facts: { issuer?: FrozenIssuer }) => ({ id: a.state.companyId, name: facts.issuer?.name ?? a.state.companyId });
      const sealFor = (facts: { issuer?: FrozenIssuer }) =>
        deps.stores.signatures.companySeal(company(facts), config.caKeySecret, sealOptionsFor(config.publicUrl, a.state.companyId, facts.issuer?.did));
      const r = await once(`${a.key}:pdf:${a.state.contentHash}`, async () => {
        const payload = certificatePayload(a.state);
        const url = verifyUrl(config.publicUrl, a.state.contentHash);
        const facts = await issuerFacts(deps.stores, a.state);
        const issued = issuedCertificate(a.state, facts);
        const rendered = await adapters.pdf.render(certificateHtml(issued, { url, svg: await qrSvg(url) }));
        // the stored, recorded PDF is the sealed one: its hash is what the public check compares
        const seal = await sealFor(facts);
        const sealed = await sealPdf(rendered, {
          ...seal,
          chainPems: [seal.caCertificatePem],
          name: facts.issuer?.name ?? a.state.companyId,
          reason: `Grain quality certificate ${a.state.approvalNumber} issued`,
          location: facts.issuer?.address,
          contactInfo: url,
          tsa: adapters.tsa,
        });
        const pdf = await addValidationData(sealed, {
          certificatePems: [seal.certificatePem, seal.caCertificatePem, ...(await adapters.tsa.certificatePems())],
          crls: [await deps.stores.signatures.freshCaCrl(a.state.companyId, config.caKeySecret)],
        });
        const pdfKey = await adapters.storage.put(pdf, { ext: 'pdf', prefix: 'certificates' });
        // the issuer as it stands now, with the seal that sealed it: frozen with the certificate below
        const issuer: FrozenIssuer | undefined = facts.issuer && {
          ...facts.issuer,
          sealFingerprint: new X509Certificate(seal.certificatePem).fingerprint256,
          caFingerprint: new X509Certificate(seal.caCertificatePem).fingerprint256,
        };
        return { pdfKey, payload, sha256: sha256hex(pdf), ...(issuer ? { issuer } : {}) };
      });
      // Recorded on every attempt (an update, so idempotent): the public page checks uploads against it.
      const issuer = (r as { issuer?: FrozenIssuer }).issuer;
      if (issuer) await store.freezeIssuer(a.state.id, issuer);
      await store.recordPdfHash(a.state.id, r.sha256);
      // the credential, signed once with the seal that sealed the PDF (kept: a retried attempt reads it back)
      if (a.state.status === 'done') {
        const facts = await issuerFacts(deps.stores, a.state);
        await issueCredential(deps, a.state, facts, await sealFor(facts), r.sha256);
      }
      return { pdfKey: r.pdfKey, payload: r.payload };
    },
  };
  return activities;
}
export type CertificateActivities = CertificateActivityContract;
