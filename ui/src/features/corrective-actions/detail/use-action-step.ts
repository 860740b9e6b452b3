import { useState } from 'react';
import type { CorrectiveActionView } from '@grain/domain';
import { useI18n } from '../../../i18n/i18n';
import { useNotify } from '../../../app';

/**
 * One step on the action (start, fix, verdict, reassign, redate): runs the call, shows the action it
 * answers and says so; a refusal is shown as the server words it. `busy` while a step runs.
 */
export function useActionStep(show: (a: CorrectiveActionView) => void) {
  const { t } = useI18n();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const step = async (run: () => Promise<{ action: CorrectiveActionView }>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      show((await run()).action);
      notify.success(t(done));
      return true;
    } catch (e) {
      notify.error(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { step, busy, setBusy };
}

export type ActionStep = ReturnType<typeof useActionStep>;
