import { sha256hex } from '@grain/persistence';

/**
 * The Message-ID of a workflow's mail: the same for every retry of the step (its key) and that recipient
 * (or 'notice' for a certificate notice, one mail to all its recipients), so a mail sent twice after a
 * crash is recognisable as one. Certificates and corrective actions mail this way.
 */
export const mailMessageId = (key: string, recipientId: string) => `<${sha256hex(`${key}:${recipientId}`).slice(0, 32)}@grain.certificates>`;
