/**
 * Corrective-action mails: an HTML part and a plain-text part, English with the Vietnamese below it (a
 * mail cannot know the reader's choice of language), as the certificate mails. Every notice names the
 * farm, the audit check, the severity and the due day, and carries a button to the action itself.
 */
import type { ActionMailKind, ActionSeverity, CorrectiveActionState } from '@grain/domain';

export interface ActionMailText {
  subject: string;
  text: string;
  html: string;
}

const day = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const SEVERITY: Record<ActionSeverity, { en: string; vn: string }> = {
  critical: { en: 'critical', vn: 'nghiêm trọng' },
  major: { en: 'major', vn: 'lớn' },
  minor: { en: 'minor', vn: 'nhỏ' },
};

type Lang = 'en' | 'vn';
interface Words {
  subject: string;
  body: Record<Lang, string[]>;
  button: Record<Lang, string>;
}

const open = { en: 'Open the corrective action', vn: 'Mở hành động khắc phục' };

function words(kind: ActionMailKind, s: CorrectiveActionState, detail?: string): Words {
  const check = s.finding.check;
  const due = day(s.dueAt);
  switch (kind) {
    case 'assigned':
      return {
        subject: `Corrective action for you: ${check}`,
        body: {
          en: [`You own a corrective action from the compliance audit of ${s.farm.name}. Fix the finding by ${due} and submit your evidence.`],
          vn: [`Bạn được giao một hành động khắc phục từ lần kiểm tra tuân thủ của ${s.farm.name}. Hãy khắc phục trước ngày ${due} và gửi bằng chứng.`],
        },
        button: open,
      };
    case 'reminder':
      return {
        subject: `Reminder: corrective action due ${due}: ${check}`,
        body: { en: [`The corrective action you own is due on ${due}.`], vn: [`Hành động khắc phục bạn phụ trách đến hạn vào ngày ${due}.`] },
        button: open,
      };
    case 'overdue':
      return {
        subject: `Overdue: corrective action ${check}`,
        body: {
          en: [`The corrective action you own was due on ${due} and is now overdue. Submit the fix as soon as you can.`],
          vn: [`Hành động khắc phục bạn phụ trách đã đến hạn vào ngày ${due} và hiện đã quá hạn. Vui lòng gửi kết quả khắc phục sớm nhất có thể.`],
        },
        button: open,
      };
    case 'escalated':
      return {
        subject: `Escalated: overdue corrective action ${check} (${s.owner.name})`,
        body: {
          en: [`A corrective action owned by ${s.owner.name} was due on ${due} and is still open. It is escalated to you as a manager.`],
          vn: [
            `Hành động khắc phục do ${s.owner.name} phụ trách đã đến hạn vào ngày ${due} và vẫn chưa hoàn thành. Việc này được chuyển lên bạn với vai trò quản lý.`,
          ],
        },
        button: open,
      };
    case 'fixSubmitted':
      return {
        subject: `Fix to verify: ${check}`,
        body: {
          en: [`${s.owner.name} submitted a fix with evidence. Verify it, or reopen it with a reason.`],
          vn: [`${s.owner.name} đã gửi kết quả khắc phục kèm bằng chứng. Vui lòng xác minh, hoặc mở lại kèm lý do.`],
        },
        button: { en: 'Review the fix', vn: 'Xem kết quả khắc phục' },
      };
    case 'verified':
      return {
        subject: `Verified and closed: ${check}`,
        body: {
          en: ['Your fix was verified; the corrective action is closed.'],
          vn: ['Kết quả khắc phục của bạn đã được xác minh; hành động khắc phục đã đóng.'],
        },
        button: open,
      };
    case 'reopened':
      return {
        subject: `Reopened: corrective action ${check}`,
        body: {
          en: ['Your fix was reopened. Reason:', detail ?? '-', `It is due on ${due}.`],
          vn: ['Kết quả khắc phục của bạn đã bị mở lại. Lý do:', detail ?? '-', `Hạn hoàn thành: ${due}.`],
        },
        button: open,
      };
    case 'redated':
      return {
        subject: `New due date ${due}: ${check}`,
        body: { en: [`The corrective action you own is now due on ${due}.`], vn: [`Hành động khắc phục bạn phụ trách có hạn mới là ngày ${due}.`] },
        button: open,
      };
  }
}

function facts(s: CorrectiveActionState, lang: Lang): Array<[string, string]> {
  const L =
    lang === 'en'
      ? { farm: 'Farm', check: 'Audit check', severity: 'Severity', owner: 'Owner', due: 'Due' }
      : { farm: 'Trang trại', check: 'Mục kiểm tra', severity: 'Mức độ', owner: 'Người phụ trách', due: 'Hạn' };
  return [
    [L.farm, s.farm.name || '-'],
    [L.check, s.finding.check],
    [L.severity, SEVERITY[s.severity][lang]],
    [L.owner, s.owner.name],
    [L.due, day(s.dueAt)],
  ];
}

export function actionMailText(kind: ActionMailKind, s: CorrectiveActionState, link: string, detail?: string): ActionMailText {
  const w = words(kind, s, detail);
  const textPart = (lang: Lang) => [...w.body[lang], ...facts(s, lang).map(([k, v]) => `${k}: ${v}`), `${w.button[lang]}: ${link}`].join('\n');
  const htmlPart = (lang: Lang) => `
    <div lang="${lang === 'en' ? 'en' : 'vi'}" style="margin:0 0 24px">
      ${w.body[lang].map((x) => `<p style="margin:0 0 12px;line-height:1.5">${esc(x)}</p>`).join('')}
      <table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${facts(s, lang)
        .map(([k, v]) => `<tr><td style="padding:2px 12px 2px 0;color:#4f6f4f">${esc(k)}</td><td style="padding:2px 0"><b>${esc(v)}</b></td></tr>`)
        .join('')}</table>
      <a href="${esc(link)}" style="display:inline-block;background:#2e7d32;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-weight:600">${esc(w.button[lang])}</a>
    </div>`;
  return {
    subject: w.subject,
    text: `${textPart('en')}\n\n---\n${textPart('vn')}`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${esc(w.subject)}</title></head>
  <body style="font-family:Arial,Helvetica,sans-serif;color:#1b3a1b;font-size:15px;max-width:600px;margin:0 auto;padding:16px">
    ${htmlPart('en')}<hr style="border:none;border-top:1px solid #c8e6c9;margin:0 0 24px">${htmlPart('vn')}
    <p style="color:#6b7f6b;font-size:12px">Grain Quality Certificates</p>
  </body></html>`,
  };
}
