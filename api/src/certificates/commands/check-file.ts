/** Checks a PDF or credential someone was sent, each check on its own (support/check-upload.ts). */
import type { UploadCheckAnswer } from '@grain/domain';
import type { CertificateCommandDeps } from './command-deps';
import { checkUpload } from '../support/check-upload';

export async function checkFile({ file }: { file: Buffer }, deps: CertificateCommandDeps): Promise<UploadCheckAnswer> {
  return checkUpload(deps, file);
}
