import type { CertificateState } from '@grain/domain';

/** A certificate's file as it is downloaded: `certificate-<number>.<ext>`, the number cut to safe characters. */
export const certificateFileName = (s: Pick<CertificateState, 'approvalNumber'>, ext: 'pdf' | 'vc.jwt' | 'sps.xml') =>
  `certificate-${s.approvalNumber.replace(/[^A-Za-z0-9_-]/g, '_')}.${ext}`;
