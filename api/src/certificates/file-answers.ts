/** How the certificate routes answer a file: its type, and a download named after the certificate. */
import type { Response } from 'express';

const CREDENTIAL_MEDIA_TYPE = 'application/vc+jwt';

/** The credential as a file download (`certificate-<number>.vc.jwt`). */
export function sendCredential(res: Response, file: { fileName: string; jwt: string }): void {
  res.setHeader('Content-Type', CREDENTIAL_MEDIA_TYPE);
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.send(file.jwt);
}

/** The issued PDF as a file download (`certificate-<number>.pdf`). */
export function sendPdf(res: Response, file: { fileName: string; pdf: Buffer }): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.send(file.pdf);
}

/** The SPS e-Cert XML as a file download (`certificate-<number>.sps.xml`). */
export function sendXml(res: Response, file: { fileName: string; xml: string }): void {
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
  res.send(file.xml);
}
