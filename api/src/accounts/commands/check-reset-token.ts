/** Whether a reset link's token still works (the page asks before showing the form). */
import type { AccountCommandDeps } from './command-deps';

export async function checkResetToken({ token }: { token: string }, { stores }: AccountCommandDeps): Promise<boolean> {
  return token.length >= 10 && token.length <= 200 && (await stores.resetTokens.isValid(token));
}
