/** Shared set-up of the certificate machine's tests: a draft, its people, commands at a fixed time. */
import { isAppError } from '../errors';
import { transition } from '../certificate/machine';
import type { CertificateCommand, CertificateDraft, CertificateState, CommandActor, Signer } from '../certificate/types';

export const T0 = '2025-03-01T00:00:00.000Z';
/** A command without its time (distributes over the union); `apply` stamps T0. */
export type Cmd = CertificateCommand extends infer C ? (C extends CertificateCommand ? Omit<C, 'at'> & { at?: string } : never) : never;

export const person = (id: string): Signer => ({ id, name: `Name ${id}`, email: `${id}@grain.test`, role: 'Inspector' });
export const actor = (id: string, extra: Partial<CommandActor> = {}): CommandActor => ({ id, name: `Name ${id}`, ...extra });

/** A level whose signers are `<prefix>1` … `<prefix>n`. */
export function levelOf(group: string, prefix: string, n: number, signatures: number, deadline: string): CertificateDraft['levels'][number] {
  return { group, signers: Array.from({ length: n }, (_, i) => person(`${prefix}${i + 1}`)), signatures, deadline };
}

/** Barley lot 7 of company co1 submitted by `sub`: three levels of 2-of-3 (a, b, c) unless `over` says otherwise. */
export function testDraft(over: Partial<CertificateDraft> = {}): CertificateDraft {
  return {
    id: 'c1',
    approvalNumber: '202503011',
    approvalName: 'Barley lot 7',
    companyId: 'co1',
    submitter: { id: 'sub', name: 'Sam Submitter', email: 'sub@grain.test' },
    levels: [
      levelOf('Farm Data Signing', 'a', 3, 2, '2025-03-10T00:00:00.000Z'),
      levelOf('Transportation Signing', 'b', 3, 2, '2025-03-20T00:00:00.000Z'),
      levelOf('Inspection Signing', 'c', 3, 2, '2025-03-30T00:00:00.000Z'),
    ],
    escalateTo: [{ id: 'mgr', name: 'Mia Manager', email: 'mgr@grain.test' }],
    ...over,
  };
}

export const apply = (s: CertificateState, c: Cmd) => transition(s, { at: T0, ...c } as CertificateCommand);

/** The code a command is refused with, or 'accepted'. */
export function refusal(s: CertificateState, c: Cmd): string {
  try {
    apply(s, c);
  } catch (e) {
    if (isAppError(e)) return e.code;
    throw e;
  }
  return 'accepted';
}
