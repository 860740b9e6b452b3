import { actorOfUser, type Permission } from '@grain/domain';
import type { LiveEvent } from '@grain/persistence';
import { mayReceive } from './live-access';

const actor = (id: string, roles: Permission[]) => actorOfUser({ id, companyId: 'co-1', role: 'staff', isAdmin: false }, { status: 'active', roles });
const event = (type: string, userId: string | null = null, companyId = 'co-1'): LiveEvent => ({
  id: 1,
  companyId,
  userId,
  type,
  data: { id: 'a-1' },
  createdAt: '',
});

describe('who hears a live message', () => {
  it("a corrective action to those who may see the company's actions, and to its owner by name; nobody of another company", () => {
    const viewer = actor('u-view', ['viewCorrectiveAction']);
    const owner = actor('u-own', ['ownCorrectiveAction']);
    const signer = actor('u-sign', ['viewApproval', 'signApproval']);
    expect(mayReceive(viewer, event('corrective_action_update'))).toBe(true);
    expect(mayReceive(owner, event('corrective_action_update'))).toBe(false);
    expect(mayReceive(owner, event('corrective_action_update', 'u-own'))).toBe(true);
    expect(mayReceive(signer, event('corrective_action_update'))).toBe(false);
    expect(mayReceive(viewer, event('corrective_action_update', null, 'co-2'))).toBe(false);
    // a certificate to who may see certificates only
    expect(mayReceive(signer, event('certificate_update'))).toBe(true);
    expect(mayReceive(viewer, event('certificate_update'))).toBe(false);
    // a type nobody said who may hear reaches nobody
    expect(mayReceive(viewer, event('corrective_action_secret'))).toBe(false);
  });
});
