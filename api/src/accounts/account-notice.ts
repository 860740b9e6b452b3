import type { Adapters } from '@grain/adapters';
import { AppError } from '@grain/domain';

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
