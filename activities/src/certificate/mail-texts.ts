/**
 * Certificate mails, in English with the Vietnamese text below it (the product speaks en and vn and
 * a mail cannot know the reader's choice).
 */
import type { CertificateMailContext, ContentChange } from '@grain/domain';

export type MailContext = CertificateMailContext & { link: string };

export interface MailText {
  subject: string;
  text: string;
}

const day = (iso?: string) => (iso ? iso.slice(0, 10) : '-');
const both = (en: string, vn: string) => `${en}\n\n---\n${vn}`;
const head = (c: MailContext) => `${c.approvalNumber} "${c.approvalName}"`;

const CHANGE_NAMES: Record<ContentChange, { en: string; vn: string }> = {
  name: { en: 'name', vn: 'tên' },
  priority: { en: 'priority', vn: 'mức ưu tiên' },
  summary: { en: 'summary', vn: 'tóm tắt' },
  farmRecord: { en: 'farm record', vn: 'hồ sơ trang trại' },
  documents: { en: 'supporting documents', vn: 'tài liệu kèm theo' },
  levels: { en: 'signing levels', vn: 'các cấp ký' },
};
const changeList = (changed: ContentChange[], lang: 'en' | 'vn') => changed.map((x) => CHANGE_NAMES[x][lang]).join(', ') || '-';

export const mailTexts = {
  otp: (c: MailContext, code: string, hashShort: string, minutes: number): MailText => ({
    subject: `Signing code for certificate ${c.approvalNumber}, level ${c.level}`,
    text: both(
      `Your one-time code to sign certificate ${head(c)}, level ${c.level} (${c.group}), is ${code}.\nIt expires in ${minutes} minutes and works once. Content hash: ${hashShort}.\nIf you did not ask for it, ignore this mail.`,
      `Mã xác thực một lần để ký chứng nhận ${head(c)}, cấp ${c.level} (${c.group}) là ${code}.\nMã hết hạn sau ${minutes} phút và chỉ dùng một lần. Mã băm nội dung: ${hashShort}.`,
    ),
  }),
  levelStarted: (c: MailContext, reason: string): MailText => ({
    subject: `Certificate ${c.approvalNumber} awaits your signature (level ${c.level})`,
    text: both(
      `${
        reason === 'delegated'
          ? 'A signer delegated to you'
          : reason === 'resubmitted'
            ? 'The certificate was resubmitted'
            : 'The certificate reached your level'
      }: ${head(c)}, level ${c.level} (${c.group}), due ${day(c.deadline)}.\nOpen ${c.link} to sign, reject or delegate.`,
      `Chứng nhận ${head(c)} đang chờ bạn ký ở cấp ${c.level} (${c.group}), hạn ${day(c.deadline)}.\nMở ${c.link} để ký, từ chối hoặc ủy quyền.`,
    ),
  }),
  rejected: (c: MailContext, from: number, to: number, by: string, reason: string): MailText => ({
    subject: `Certificate ${c.approvalNumber} was sent back to level ${to}`,
    text: both(
      `${by} rejected certificate ${head(c)} at level ${from} and sent it back to level ${to}.\nReason: ${reason}\n${c.link}`,
      `${by} đã từ chối chứng nhận ${head(c)} ở cấp ${from} và trả về cấp ${to}.\nLý do: ${reason}`,
    ),
  }),
  signaturesVoided: (c: MailContext, changed: ContentChange[]): MailText => ({
    subject: `Your signature on certificate ${c.approvalNumber} no longer counts`,
    text: both(
      `The submitter changed certificate ${head(c)} after you signed it (changed: ${changeList(changed, 'en')}).\nA signature counts only for the content it was made over, so yours was voided; signing starts again at level ${c.level} (${c.group}). Please review the new content and sign again if you agree.\n${c.link}`,
      `Người nộp đã thay đổi chứng nhận ${head(c)} sau khi bạn ký (thay đổi: ${changeList(changed, 'vn')}).\nChữ ký chỉ có giá trị cho nội dung đã được ký, vì vậy chữ ký của bạn đã bị hủy; việc ký bắt đầu lại từ cấp ${c.level} (${c.group}). Vui lòng xem nội dung mới và ký lại nếu bạn đồng ý.`,
    ),
  }),
  completed: (c: MailContext): MailText => ({
    subject: `Certificate ${c.approvalNumber} is approved`,
    text: both(
      `Every level signed certificate ${head(c)}. The certificate PDF is ready (Get Cert).\n${c.link}`,
      `Chứng nhận ${head(c)} đã được ký đủ các cấp. Bản PDF đã sẵn sàng.`,
    ),
  }),
  reminder: (c: MailContext, overdue: boolean): MailText => ({
    subject: `${overdue ? 'Overdue' : 'Reminder'}: certificate ${c.approvalNumber} awaits your signature`,
    text: both(
      `Certificate ${head(c)}, level ${c.level} (${c.group}), ${overdue ? 'was' : 'is'} due ${day(c.deadline)} and still needs your signature.\n${c.link}`,
      `Chứng nhận ${head(c)}, cấp ${c.level} (${c.group}), hạn ${day(c.deadline)}, vẫn cần chữ ký của bạn.`,
    ),
  }),
  escalation: (c: MailContext): MailText => ({
    subject: `Overdue: certificate ${c.approvalNumber}, level ${c.level}`,
    text: both(
      `Certificate ${head(c)} passed the due time of level ${c.level} (${c.group}, due ${day(c.deadline)}) without enough signatures.\n${c.link}`,
      `Chứng nhận ${head(c)} đã quá hạn ở cấp ${c.level} (${c.group}, hạn ${day(c.deadline)}) mà chưa đủ chữ ký.`,
    ),
  }),
};
