import type { DocumentType } from '../constants';

/** Document type labels in every language (docs/spec/farm-data-and-documents.md §3 keys; 'argriPolicy' is the product's own key). */
export const DOCUMENT_TYPE_LABELS_I18N: Record<DocumentType, { en: string; vn: string }> = {
  regulation: { en: 'Regulation', vn: 'Quy định' },
  policy: { en: 'Policy', vn: 'Chính sách' },
  argriPolicy: { en: 'Agricultural Policy', vn: 'Chính sách nông nghiệp' },
  report: { en: 'Report', vn: 'Báo cáo' },
  invoice: { en: 'Invoice', vn: 'Hóa đơn' },
  contract: { en: 'Contract', vn: 'Hợp đồng' },
  bill: { en: 'Bill', vn: 'Phiếu thanh toán' },
  financialStatement: { en: 'Financial Statement', vn: 'Báo cáo tài chính' },
  agreement: { en: 'Agreement', vn: 'Thỏa thuận' },
  law: { en: 'Law', vn: 'Luật' },
  certificate: { en: 'Certificate', vn: 'Chứng nhận' },
  license: { en: 'License', vn: 'Giấy phép' },
  nationalIdentity: { en: 'ID', vn: 'CMND/CCCD' },
  passport: { en: 'Passport', vn: 'Hộ chiếu' },
};

/**
 * The name of a certificate's primary document made from a farm record, stored as written here (English);
 * screens show it in the reader's language by reading the number back with `farmDocumentNumber`.
 */
export const farmDocumentName = (recordNumber: string | number): string => `Farm data ${recordNumber}`;
export function farmDocumentNumber(name: string): string | null {
  return /^Farm data (\S+)$/.exec(name)?.[1] ?? null;
}
