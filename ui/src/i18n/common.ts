import type { Table } from './translation-table';

export const common: Table = {
  'app.title': { en: 'Grain Quality Certificates', vn: 'Chứng nhận chất lượng ngũ cốc' },
  'common.save': { en: 'Save', vn: 'Lưu' },
  'common.submit': { en: 'Submit', vn: 'Gửi' },
  'common.cancel': { en: 'Cancel', vn: 'Hủy' },
  'common.close': { en: 'Close', vn: 'Đóng' },
  'common.back': { en: 'Back', vn: 'Quay lại' },
  'common.update': { en: 'Update', vn: 'Cập nhật' },
  'common.create': { en: 'Create', vn: 'Tạo' },
  'common.delete': { en: 'Delete', vn: 'Xóa' },
  'common.search': { en: 'Search', vn: 'Tìm kiếm' },
  'common.loading': { en: 'Loading...', vn: 'Đang tải...' },
  'common.ok': { en: 'OK', vn: 'Đồng ý' },
  'common.download': { en: 'Download', vn: 'Tải xuống' },
  'common.view': { en: 'View', vn: 'Xem' },
  'common.notFound': { en: 'Page not found', vn: 'Không tìm thấy trang' },
  'common.blockchainWait': {
    en: 'Please wait 3 to 10 seconds for the blockchain to record the data.',
    vn: 'Vui lòng chờ 3 đến 10 giây để blockchain ghi nhận dữ liệu.',
  },
};
