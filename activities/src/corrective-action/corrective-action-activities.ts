import { correctiveActionLiveMessages, correctiveActionPath, type CorrectiveActionActivityContract } from '@grain/domain';
import { companyPeople, holding, type CompanyPerson } from '@grain/persistence';
import type { ActivityDeps } from '../deps';
import { mailMessageId } from '../mail-once';
import { actionMailText } from './mail-texts';

/**
 * Corrective-action activities: the read model (forward only, evidence bound to its fix in the same
 * transaction; each change told on the live channel) and the mails. A mail goes once per key and recipient (kept results), so a retried
 * activity or a replayed workflow sends nothing twice.
 */
export function createCorrectiveActionActivities(deps: ActivityDeps): CorrectiveActionActivityContract {
  const { correctiveActions, activityResults, live } = deps.stores;

  async function recipients(to: 'owner' | 'verifiers' | 'managers', s: Parameters<CorrectiveActionActivityContract['saveCorrectiveAction']>[0]['state']) {
    const people = await companyPeople(deps.stores, s.companyId);
    const notOwner = (p: CompanyPerson) => p.user.id !== s.owner.id;
    if (to === 'owner') return people.filter((p) => p.user.id === s.owner.id);
    // who may judge the fix; escalation: who makes and assigns actions (the managers), and whoever made this one
    if (to === 'verifiers') return holding(people, 'verifyCorrectiveAction').filter(notOwner);
    return people.filter((p) => notOwner(p) && (p.user.id === s.createdBy.id || holding([p], 'createCorrectiveAction').length > 0));
  }

  return {
    async saveCorrectiveAction({ state }) {
      const r = await correctiveActions.save(state);
      // the pages of the action and the lists follow it (best effort: they also poll)
      if (r.applied) for (const m of correctiveActionLiveMessages(state)) await live.publish(m).catch(() => undefined);
      return { applied: r.applied, version: state.version };
    },

    async mailCorrectiveAction({ key, state, effect }) {
      const link = `${deps.config.publicUrl}${correctiveActionPath(state.id)}`;
      const text = actionMailText(effect.kind, state, link, effect.detail);
      let mailed = 0;
      for (const p of await recipients(effect.to, state)) {
        if (!p.user.email) continue;
        await activityResults.once(`${key}:mail:${p.user.id}`, async () => {
          await deps.adapters.mail.send({
            to: p.user.email,
            subject: text.subject,
            text: text.text,
            html: text.html,
            messageId: mailMessageId(key, p.user.id),
          });
          return { sent: true };
        });
        mailed++;
      }
      return { mailed };
    },
  };
}
