import type { Table } from '../../i18n/translation-table';
import { DOCUMENT_TYPE_LABELS_I18N } from '@grain/domain';

const typeLabels: Table = Object.fromEntries(Object.entries(DOCUMENT_TYPE_LABELS_I18N).map(([k, v]) => [`doc.type.${k}`, v]));

export const documents: Table = {
  ...typeLabels,
  'doc.listTitle': { en: 'Documents management', vn: 'Quản lý tài liệu' },
  'doc.search': { en: 'Search documents', vn: 'Tìm tài liệu' },
  'doc.uploadButton': { en: 'Upload Document', vn: 'Tải tài liệu lên' },
  'doc.id': { en: 'ID', vn: 'STT' },
  'doc.name': { en: 'Name', vn: 'Tên' },
  'doc.type': { en: 'Type', vn: 'Loại' },
  'doc.creator': { en: 'Creator', vn: 'Người tạo' },
  'doc.lastModified': { en: 'Last Modified', vn: 'Sửa đổi lần cuối' },
  'doc.download': { en: 'Download', vn: 'Tải xuống' },
  'doc.empty': {
    en: 'No documents yet. Invoices, contracts, licences and other supporting documents your company uploads appear here.',
    vn: 'Chưa có tài liệu. Hóa đơn, hợp đồng, giấy phép và các tài liệu hỗ trợ khác mà công ty bạn tải lên sẽ hiển thị ở đây.',
  },
  'doc.createTitle': { en: 'Upload Document', vn: 'Tải tài liệu lên' },
  'doc.updateTitle': { en: 'Update Document', vn: 'Cập nhật tài liệu' },
  'doc.detailTitle': { en: 'Document', vn: 'Tài liệu' },
  'doc.description': { en: 'Description', vn: 'Mô tả' },
  'doc.typePicker': { en: 'Document type', vn: 'Loại tài liệu' },
  'doc.dropIdle': { en: 'Click here or drop a file to upload!', vn: 'Nhấn vào đây hoặc thả tệp để tải lên!' },
  'doc.dropActive': { en: "Drop it like it's hot!", vn: 'Thả tệp vào đây!' },
  'doc.dropRejected': { en: 'File type not accepted, sorry!', vn: 'Loại tệp không được chấp nhận!' },
  'doc.accepted': { en: 'PDF, PNG, GIF, DOCX, DOC or CSV, at most 50 MB', vn: 'PDF, PNG, GIF, DOCX, DOC hoặc CSV, tối đa 50 MB' },
  'doc.keepFile': { en: 'Leave empty to keep the current file', vn: 'Để trống để giữ tệp hiện tại' },
  'doc.uploaded': { en: 'Document uploaded', vn: 'Đã tải tài liệu lên' },
  'doc.updated': { en: 'Document updated', vn: 'Đã cập nhật tài liệu' },
  'doc.change': { en: 'Change', vn: 'Thay đổi' },
  'doc.previous': { en: 'Previous', vn: 'Trang trước' },
  'doc.next': { en: 'Next', vn: 'Trang sau' },
  'doc.page': { en: 'Page {n} of {total}', vn: 'Trang {n} / {total}' },
  'doc.noPreview': { en: 'No preview for this file type; download it to open.', vn: 'Không xem trước được loại tệp này; hãy tải xuống để mở.' },
  'doc.file': { en: 'File', vn: 'Tệp' },
  'doc.size': { en: 'Size', vn: 'Kích thước' },
  'doc.uploadDate': { en: 'Uploaded', vn: 'Ngày tải lên' },
};
