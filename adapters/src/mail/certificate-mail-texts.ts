/**
 * Certificate mails: an HTML part and a plain-text part, each in English with the Vietnamese below it
 * (a mail cannot know the reader's choice of language). Every notice names the certificate's number and
 * name, the level and its due day, and carries a button to the certificate itself (its sign dialog for
 * someone asked to sign), which signs the reader in first if needed and then opens it.
 */
import type { CertificateMailContext, ContentChange, NotifyEffect } from '@grain/domain';

export type MailContext = CertificateMailContext & { link: string };

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** One date format everywhere: day/month/year. */
const day = (iso?: string) => (iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '-');
const head = (c: MailContext) => `${c.approvalNumber} "${c.approvalName}"`;
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const CHANGE_NAMES: Record<ContentChange, { en: string; vn: string }> = {
  name: { en: 'name', vn: 'tên' },
  priority: { en: 'priority', vn: 'mức ưu tiên' },
  summary: { en: 'summary', vn: 'tóm tắt' },
  farmRecord: { en: 'farm record', vn: 'hồ sơ trang trại' },
  documents: { en: 'supporting documents', vn: 'tài liệu kèm theo' },
  levels: { en: 'signing levels', vn: 'các cấp ký' },
};
const changeList = (changed: ContentChange[], lang: 'en' | 'vn') => changed.map((x) => CHANGE_NAMES[x][lang]).join(', ') || '-';

interface Part {
  /** Paragraphs of the message. */
  body: string[];
  /** The button's words. */
  button: string;
}

/** The facts every notice states, as label/value rows per language. */
function facts(c: MailContext, lang: 'en' | 'vn'): Array<[string, string]> {
  const L =
    lang === 'en' ? { number: 'Certificate', name: 'Name', level: 'Level', due: 'Due' } : { number: 'Chứng nhận', name: 'Tên', level: 'Cấp', due: 'Hạn' };
  const rows: Array<[string, string]> = [
    [L.number, c.approvalNumber],
    [L.name, c.approvalName],
  ];
  if (c.level) rows.push([L.level, `${c.level}${c.group ? ` (${c.group})` : ''}`]);
  if (c.deadline) rows.push([L.due, day(c.deadline)]);
  return rows;
}

function compose(subject: string, c: MailContext, en: Part, vn: Part): MailText {
  const textPart = (p: Part) => [...p.body, `${p.button}: ${c.link}`].join('\n');
  const htmlPart = (p: Part, lang: 'en' | 'vn') => `
    <div lang="${lang === 'en' ? 'en' : 'vi'}" style="margin:0 0 24px">
      ${p.body.map((x) => `<p style="margin:0 0 12px;line-height:1.5">${esc(x).replace(/\n/g, '<br>')}</p>`).join('')}
      <table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${facts(c, lang)
        .map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#4f6f4f">${esc(k)}</td><td style="padding:2px 0"><b>${esc(v)}</b></td></tr>`)
        .join('')}</table>
      <a href="${esc(c.link)}" style="display:inline-block;background:#2e7d32;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-weight:600">${esc(p.button)}</a>
    </div>`;
  return {
    subject,
    text: `${textPart(en)}\n\n---\n${textPart(vn)}`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(subject)}</title></head>
  <body style="font-family:Arial,Helvetica,sans-serif;color:#1b3a1b;font-size:15px;max-width:600px;margin:0 auto;padding:16px">
    ${htmlPart(en, 'en')}<hr style="border:none;border-top:1px solid #c8e6c9;margin:0 0 24px">${htmlPart(vn, 'vn')}
    <p style="color:#6b7f6b;font-size:12px">Grain Quality Certificates</p>
  </body></html>`,
  };
}

const open = { en: 'Open the certificate', vn: 'Mở chứng nhận' };
const review = { en: 'Review and sign', vn: 'Xem và ký' };

export const mailTexts = {
  otp: (c: MailContext, code: string, hashShort: string, minutes: number): MailText =>
    compose(
      `Signing code for certificate ${c.approvalNumber}, level ${c.level}`,
      c,
      {
        body: [
          `Your one-time code to sign certificate ${head(c)}, level ${c.level} (${c.group}), is ${code}.`,
          `It expires in ${minutes} minutes and works once. Content hash: ${hashShort}.\nIf you did not ask for it, ignore this mail.`,
        ],
        button: review.en,
      },
      {
        body: [
          `Mã xác thực một lần để ký chứng nhận ${head(c)}, cấp ${c.level} (${c.group}) là ${code}.`,
          `Mã hết hạn sau ${minutes} phút và chỉ dùng một lần. Mã băm nội dung: ${hashShort}.\nNếu bạn không yêu cầu mã này, hãy bỏ qua thư.`,
        ],
        button: review.vn,
      },
    ),
  levelStarted: (c: MailContext, reason: string): MailText =>
    compose(
      `Certificate ${c.approvalNumber} awaits your signature (level ${c.level})`,
      c,
      {
        body: [
          `${
            reason === 'delegated'
              ? 'A signer delegated to you'
              : reason === 'assigned'
                ? 'You were added as a signer'
                : reason === 'resubmitted'
                  ? 'The certificate was resubmitted'
                  : 'The certificate reached your level'
          }: ${head(c)}, level ${c.level} (${c.group}), due ${day(c.deadline)}.`,
          'Open it to review and sign, reject or delegate.',
        ],
        button: review.en,
      },
      {
        body: [
          `${
            reason === 'delegated'
              ? 'Một người ký đã ủy quyền cho bạn'
              : reason === 'assigned'
                ? 'Bạn đã được thêm làm người ký'
                : reason === 'resubmitted'
                  ? 'Chứng nhận đã được nộp lại'
                  : 'Chứng nhận đã đến cấp của bạn'
          }: ${head(c)}, cấp ${c.level} (${c.group}), hạn ${day(c.deadline)}.`,
          'Mở để xem và ký, từ chối hoặc ủy quyền.',
        ],
        button: review.vn,
      },
    ),
  // to 0: back to the submitter, who updates and resubmits (signing starts again at level 1)
  rejected: (c: MailContext, from: number, to: number, by: string, reason: string): MailText =>
    to === 0
      ? compose(
          `Certificate ${c.approvalNumber} was sent back to the submitter`,
          { ...c, level: undefined, group: undefined, deadline: undefined },
          {
            body: [
              `${by} sent certificate ${head(c)} back to the submitter from level ${from}.`,
              `Reason: ${reason}`,
              'The submitter updates it and resubmits it; signing then starts again at level 1.',
            ],
            button: open.en,
          },
          {
            body: [
              `${by} đã trả chứng nhận ${head(c)} về người nộp từ cấp ${from}.`,
              `Lý do: ${reason}`,
              'Người nộp cập nhật và nộp lại; sau đó việc ký bắt đầu lại từ cấp 1.',
            ],
            button: open.vn,
          },
        )
      : compose(
          `Certificate ${c.approvalNumber} was sent back to level ${to}`,
          c,
          {
            body: [
              `${by} sent certificate ${head(c)} back from level ${from} to level ${to}.`,
              `Reason: ${reason}`,
              ...(to < from ? ['The submitter updates it and resubmits it; signing then starts again at that level.'] : []),
            ],
            button: open.en,
          },
          {
            body: [
              `${by} đã trả chứng nhận ${head(c)} từ cấp ${from} về cấp ${to}.`,
              `Lý do: ${reason}`,
              ...(to < from ? ['Người nộp cập nhật và nộp lại; sau đó việc ký bắt đầu lại từ cấp đó.'] : []),
            ],
            button: open.vn,
          },
        ),
  signaturesVoided: (c: MailContext, changed: ContentChange[]): MailText =>
    compose(
      `Your signature on certificate ${c.approvalNumber} no longer counts`,
      c,
      {
        body: [
          `The submitter changed certificate ${head(c)} after you signed it (changed: ${changeList(changed, 'en')}).`,
          `A signature counts only for the content it was made over, so yours was voided; signing starts again at level ${c.level} (${c.group}). Please review the new content and sign again if you agree.`,
        ],
        button: review.en,
      },
      {
        body: [
          `Người nộp đã thay đổi chứng nhận ${head(c)} sau khi bạn ký (thay đổi: ${changeList(changed, 'vn')}).`,
          `Chữ ký chỉ có giá trị cho nội dung đã được ký, vì vậy chữ ký của bạn đã bị hủy; việc ký bắt đầu lại từ cấp ${c.level} (${c.group}). Vui lòng xem nội dung mới và ký lại nếu bạn đồng ý.`,
        ],
        button: review.vn,
      },
    ),
  completed: (c: MailContext): MailText =>
    compose(
      `Certificate ${c.approvalNumber} is approved`,
      c,
      { body: [`Every level signed certificate ${head(c)}. The certificate PDF is ready (Download PDF).`], button: open.en },
      { body: [`Chứng nhận ${head(c)} đã được ký đủ các cấp. Bản PDF đã sẵn sàng.`], button: open.vn },
    ),
  reminder: (c: MailContext, overdue: boolean): MailText =>
    compose(
      `${overdue ? 'Overdue' : 'Reminder'}: certificate ${c.approvalNumber} awaits your signature`,
      c,
      {
        body: [`Certificate ${head(c)}, level ${c.level} (${c.group}), ${overdue ? 'was' : 'is'} due ${day(c.deadline)} and still needs your signature.`],
        button: review.en,
      },
      {
        body: [`Chứng nhận ${head(c)}, cấp ${c.level} (${c.group}), ${overdue ? 'đã quá hạn' : 'đến hạn'} ${day(c.deadline)}, vẫn cần chữ ký của bạn.`],
        button: review.vn,
      },
    ),
  withdrawn: (c: MailContext, by: string, reason: string): MailText =>
    compose(
      `Certificate ${c.approvalNumber} was withdrawn`,
      c,
      {
        body: [`${by} withdrew certificate ${head(c)}; it needs no more signatures.`, ...(reason ? [`Reason: ${reason}`] : [])],
        button: open.en,
      },
      {
        body: [`${by} đã rút lại chứng nhận ${head(c)}; không cần ký thêm.`, ...(reason ? [`Lý do: ${reason}`] : [])],
        button: open.vn,
      },
    ),
  // by: who escalated by hand; without it the due time passed and the escalation is automatic
  escalation: (c: MailContext, by?: string): MailText =>
    by
      ? compose(
          `${by} escalated certificate ${c.approvalNumber} to you (level ${c.level})`,
          c,
          {
            body: [
              `${by} escalated certificate ${head(c)} to you: level ${c.level} (${c.group}, due ${day(c.deadline)}) does not have enough signatures yet.`,
              "Please help move it on: remind its signers, or change the level's signers or due date.",
            ],
            button: open.en,
          },
          {
            body: [
              `${by} đã báo cáo chứng nhận ${head(c)} lên bạn: cấp ${c.level} (${c.group}, hạn ${day(c.deadline)}) chưa đủ chữ ký.`,
              'Vui lòng giúp xử lý: nhắc người ký, hoặc đổi người ký hay hạn của cấp.',
            ],
            button: open.vn,
          },
        )
      : compose(
          `Overdue: certificate ${c.approvalNumber}, level ${c.level}`,
          c,
          {
            body: [
              `Certificate ${head(c)} passed the due time of level ${c.level} (${c.group}, due ${day(c.deadline)}) without enough signatures. This notice is sent automatically when a level's due time passes.`,
            ],
            button: open.en,
          },
          {
            body: [
              `Chứng nhận ${head(c)} đã quá hạn ở cấp ${c.level} (${c.group}, hạn ${day(c.deadline)}) mà chưa đủ chữ ký. Thông báo này được gửi tự động khi một cấp quá hạn.`,
            ],
            button: open.vn,
          },
        ),
};

/** Whether a notice asks its readers to sign (its button opens the sign dialog). */
export const asksToSign = (e: NotifyEffect) => e.type === 'notifySigners' || e.type === 'notifySignaturesVoided' || e.type === 'remindSigners';

/** The text of a certificate notice (the same for each of its recipients). */
export function noticeText(e: NotifyEffect, c: MailContext): MailText {
  switch (e.type) {
    case 'notifySigners':
      return mailTexts.levelStarted(c, e.reason);
    case 'notifyRejected':
      return mailTexts.rejected(c, e.fromLevel, e.toLevel, e.by, e.reason);
    case 'notifyCompleted':
      return mailTexts.completed(c);
    case 'notifySignaturesVoided':
      return mailTexts.signaturesVoided(c, e.changed);
    case 'notifyWithdrawn':
      return mailTexts.withdrawn(c, e.by, e.reason);
    case 'remindSigners':
      return mailTexts.reminder(c, e.overdue);
    case 'escalateOverdue':
      return mailTexts.escalation(c, e.by);
  }
}
