/**
 * The issuing company's CA certificate and its seal's, to trust the seal of its PDFs and credentials.
 * A read makes no key: the seal exists once the company's first certificate was sealed (SEAL_NOT_READY).
 */
import { AppError } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { findIssued, type IssuedRef } from '../support/find-issued';

export async function downloadIssuerCa({ ref }: { ref: IssuedRef }, { stores, config }: CertificateCommandDeps): Promise<string> {
  const { state: s } = await findIssued(stores, ref);
  const seal = await stores.signatures.existingCompanySeal(s.companyId, config.caKeySecret);
  if (!seal) throw new AppError('SEAL_NOT_READY');
  return `${seal.caCertificatePem.trim()}\n${seal.certificatePem.trim()}\n`;
}
