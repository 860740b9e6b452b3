import { AppError, can, type ActionPerson } from '@grain/domain';
import { companyPeople, type Stores } from '@grain/persistence';

/**
 * The person an action may be given to: an active user of the caller's company who may own corrective
 * actions. Anyone else (another company's user, a locked one, one without the permission, an id of
 * nobody) is ACTION_OWNER_INVALID, a 400 on the field.
 */
export async function ownerOf(stores: Stores, companyId: string, userId: string): Promise<ActionPerson> {
  const person = (await companyPeople(stores, companyId)).find((p) => p.user.id === userId);
  if (!person || !can(person.actor, 'ownCorrectiveAction'))
    throw new AppError('ACTION_OWNER_INVALID', { fields: [{ path: 'ownerId', code: 'ACTION_OWNER_INVALID' }] });
  return { id: person.user.id, name: person.name };
}
