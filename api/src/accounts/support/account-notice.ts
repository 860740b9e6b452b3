import type { Adapters } from '@grain/adapters';
import { AppError, type Language } from '@grain/domain';

export type AccountChange = 'email' | 'password';

/**
 * The notice to a user's (old) address when an admin changes their e-mail or password: in both
 * languages, since we do not know which one the owner reads, and without the new secret.
 */
function accountChangedMail(change: AccountChange, name: string, newEmail?: string) {
  const en =
    change === 'email'
      ? `Hello ${name},\n\nAn administrator of your company changed the e-mail address of your Grain Certificates account to ${newEmail}. Your sessions were signed out. If you did not expect this, contact your administrator at once.`
      : `Hello ${name},\n\nAn administrator of your company set a new password for your Grain Certificates account. Your sessions were signed out. If you did not expect this, contact your administrator at once.`;
  const vn =
    change === 'email'
      ? `Xin chào ${name},\n\nQuản trị viên của công ty bạn đã đổi địa chỉ email của tài khoản Grain Certificates thành ${newEmail}. Các phiên đăng nhập của bạn đã bị đăng xuất. Nếu bạn không mong đợi điều này, hãy liên hệ ngay với quản trị viên.`
      : `Xin chào ${name},\n\nQuản trị viên của công ty bạn đã đặt mật khẩu mới cho tài khoản Grain Certificates của bạn. Các phiên đăng nhập của bạn đã bị đăng xuất. Nếu bạn không mong đợi điều này, hãy liên hệ ngay với quản trị viên.`;
  const subject =
    change === 'email'
      ? 'Your e-mail address was changed / Địa chỉ email của bạn đã bị thay đổi'
      : 'Your password was changed / Mật khẩu của bạn đã bị thay đổi';
  return { subject, text: `${en}\n\n---\n\n${vn}` };
}

/** Sent before the change is saved: a change its owner cannot be told about does not happen. */
export async function sendAccountNotice(adapters: Pick<Adapters, 'mail'>, to: string, change: AccountChange, name: string, newEmail?: string): Promise<void> {
  const mail = accountChangedMail(change, name, newEmail);
  try {
    await adapters.mail.send({ to, subject: mail.subject, text: mail.text });
  } catch (e) {
    console.error('[accounts] account notice failed:', (e as Error).message);
    throw new AppError('UNAVAILABLE');
  }
}

/** Both languages in one mail, as the other account notices: we do not know which one the reader reads. */
const bilingual = (subject: [string, string], en: string, vn: string) => ({ subject: `${subject[0]} / ${subject[1]}`, text: `${en}\n\n---\n\n${vn}` });

/**
 * The mails of a change of one's own e-mail address: the link to the new address (the change waits
 * for it), and the notices to the old address when the change is asked for and when it is done.
 */
export function emailChangeMails(name: string, newEmail: string, link: string) {
  return {
    confirm: bilingual(
      ['Confirm your new e-mail address', 'Xác nhận địa chỉ email mới'],
      `Hello ${name},\n\nYou asked to use ${newEmail} for your Grain Certificates account. Open this link within one hour and confirm (it works once):\n\n${link}\n\nUntil then your account keeps its old address. If you did not ask for this, ignore this mail.`,
      `Xin chào ${name},\n\nBạn đã yêu cầu dùng ${newEmail} cho tài khoản Grain Certificates. Mở liên kết này trong vòng một giờ và xác nhận (chỉ dùng được một lần):\n\n${link}\n\nCho đến lúc đó tài khoản vẫn dùng địa chỉ cũ. Nếu bạn không yêu cầu, hãy bỏ qua thư này.`,
    ),
    requested: bilingual(
      ['A change of your e-mail address was asked for', 'Có yêu cầu đổi địa chỉ email của bạn'],
      `Hello ${name},\n\nSomeone signed in to your Grain Certificates account with your password asked to change its e-mail address to ${newEmail}. It changes only when that address confirms it. If this was not you, change your password now and tell your administrator.`,
      `Xin chào ${name},\n\nMột người đã đăng nhập tài khoản Grain Certificates của bạn bằng mật khẩu của bạn và yêu cầu đổi địa chỉ email thành ${newEmail}. Địa chỉ chỉ đổi khi địa chỉ mới xác nhận. Nếu không phải bạn, hãy đổi mật khẩu ngay và báo cho quản trị viên.`,
    ),
    changed: bilingual(
      ['Your e-mail address was changed', 'Địa chỉ email của bạn đã được thay đổi'],
      `Hello ${name},\n\nThe e-mail address of your Grain Certificates account is now ${newEmail}; it was confirmed from that address. If this was not you, contact your administrator at once.`,
      `Xin chào ${name},\n\nĐịa chỉ email của tài khoản Grain Certificates của bạn nay là ${newEmail}; địa chỉ này đã xác nhận thay đổi. Nếu không phải bạn, hãy liên hệ ngay với quản trị viên.`,
    ),
  };
}

/** Sends a mail that must go out for the change to happen (UNAVAILABLE when it cannot). */
export async function sendRequiredMail(adapters: Pick<Adapters, 'mail'>, to: string, mail: { subject: string; text: string }): Promise<void> {
  try {
    await adapters.mail.send({ to, subject: mail.subject, text: mail.text });
  } catch (e) {
    console.error('[accounts] mail failed:', (e as Error).message);
    throw new AppError('UNAVAILABLE');
  }
}

/** The password reset mail, in the language the form was used in. */
export function resetMail(lang: Language, link: string, name: string) {
  const t = {
    en: {
      subject: 'Reset your password',
      text: `Hello ${name},\n\nSomeone asked to reset the password of your Grain Certificates account. Open this link within one hour to choose a new password (it works once):\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
    },
    vn: {
      subject: 'Đặt lại mật khẩu',
      text: `Xin chào ${name},\n\nCó người đã yêu cầu đặt lại mật khẩu tài khoản Grain Certificates của bạn. Mở liên kết này trong vòng một giờ để chọn mật khẩu mới (chỉ dùng được một lần):\n\n${link}\n\nNếu không phải bạn, hãy bỏ qua thư này; mật khẩu của bạn không thay đổi.`,
    },
  }[lang];
  return t;
}
