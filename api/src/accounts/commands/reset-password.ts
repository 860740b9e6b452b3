/** The new password from a reset link: the token is spent, every other token voided, every session ended. */
import { AppError } from '@grain/domain';
import { hashPassword } from '@grain/persistence';
import type { AccountCommandDeps } from './command-deps';

export async function resetPassword({ token, password, ip }: { token: string; password: string; ip?: string }, { stores }: AccountCommandDeps): Promise<void> {
  const userId = await stores.resetTokens.consume(token);
  if (!userId) throw new AppError('RESET_TOKEN_INVALID');
  await stores.users.setPasswordHash(userId, await hashPassword(password));
  await stores.resetTokens.voidFor(userId);
  await stores.sessions.endAllFor(userId);
  await stores.authLog.event({ kind: 'password_reset_done', userId, ip });
}
