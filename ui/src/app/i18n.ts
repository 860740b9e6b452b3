import type { Table } from '../i18n/i18n';

/** Texts of the shell: navigation, user menu, footer, guard and dialogs. */
export const shell: Table = {
  'nav.certificates': { en: 'Grain Certificates', vn: 'Chứng nhận ngũ cốc' },
  'nav.farmData': { en: 'Farm Data', vn: 'Dữ liệu nông trại' },
  'nav.documents': { en: 'Support Documents', vn: 'Tài liệu hỗ trợ' },
  'nav.newCertificate': { en: 'Create New Certificate', vn: 'Tạo chứng nhận mới' },
  'nav.policy': { en: 'Policy Control', vn: 'Kiểm soát chính sách' },
  'nav.compliance': { en: 'AI Compliance Audit', vn: 'Kiểm toán tuân thủ AI' },
  'nav.logoTitle': { en: 'Blockchain view', vn: 'Xem blockchain' },
  'nav.openMenu': { en: 'Open menu', vn: 'Mở menu' },
  'nav.userMenu': { en: 'User menu', vn: 'Menu người dùng' },
  'nav.userManagement': { en: 'User Management', vn: 'Quản lý người dùng' },
  'nav.groups': { en: 'User Groups', vn: 'Nhóm người dùng' },
  'nav.company': { en: 'Company Profile', vn: 'Hồ sơ công ty' },
  'nav.signature': { en: 'Digital Signature', vn: 'Chữ ký số' },
  'nav.logout': { en: 'Logout', vn: 'Đăng xuất' },
  'nav.userSetting': { en: 'User Setting', vn: 'Cài đặt người dùng' },
  'nav.language': { en: 'Language', vn: 'Ngôn ngữ' },
  'footer.contact': { en: 'Contact: support@graincert.example · +61 3 9000 0000', vn: 'Liên hệ: support@graincert.example · +61 3 9000 0000' },
  'footer.help': { en: 'Help centre', vn: 'Trung tâm trợ giúp' },
  'footer.privacy': { en: 'Privacy', vn: 'Quyền riêng tư' },
  'footer.copyright': { en: '© {year} Grain Quality Certificates', vn: '© {year} Chứng nhận chất lượng ngũ cốc' },
  'message.title': { en: 'Message', vn: 'Thông báo' },
  'confirm.title': { en: 'Please confirm', vn: 'Vui lòng xác nhận' },
  'session.checking': { en: 'Checking your session...', vn: 'Đang kiểm tra phiên đăng nhập...' },
};
