import type { Table } from '../../i18n/translation-table';

/** The company's identity as an issuer (issue 26 item 6). */
export const issuer: Table = {
  'issuer.title': { en: 'Issuer identity', vn: 'Danh tính đơn vị cấp' },
  'issuer.verified': {
    en: 'Verified by the platform operator on {date}: certificates can be submitted and issued.',
    vn: 'Đã được nhà vận hành nền tảng xác minh ngày {date}: có thể gửi và cấp chứng nhận.',
  },
  'issuer.unverified': {
    en: 'Not verified yet. The platform operator checks your legal name and ABN (or enterprise code) in the public register; until then certificates can be drafted but not submitted, and public pages call you an unverified issuer.',
    vn: 'Chưa được xác minh. Nhà vận hành nền tảng kiểm tra tên pháp lý và ABN (hoặc mã số doanh nghiệp) của bạn trong cơ sở dữ liệu công khai; trước đó chứng nhận chỉ có thể soạn nháp mà không thể gửi, và các trang công khai ghi bạn là đơn vị cấp chưa xác minh.',
  },
  'issuer.registration': { en: 'Registration', vn: 'Số đăng ký' },
  'issuer.noRegistration': {
    en: 'No valid ABN or Vietnamese enterprise code: correct the tax code in the profile',
    vn: 'Không có ABN hoặc mã số doanh nghiệp hợp lệ: vui lòng sửa mã số thuế trong hồ sơ',
  },
  'issuer.caFingerprint': { en: 'CA fingerprint (SHA-256)', vn: 'Dấu vân CA (SHA-256)' },
  'issuer.did': { en: 'Your DID (did:web)', vn: 'DID của bạn (did:web)' },
  'issuer.publish': {
    en: 'Publish this document at {url}: buyers check there, on your own domain, that the CA on your certificates is yours.',
    vn: 'Hãy công bố tài liệu này tại {url}: người mua kiểm tra tại đó, trên tên miền của bạn, rằng CA trên chứng nhận là của bạn.',
  },
  'issuer.download': { en: 'Download did.json', vn: 'Tải did.json' },
  'issuer.noWebsite': {
    en: 'Add your website to the profile to get the DID document buyers check on your own domain.',
    vn: 'Hãy thêm website vào hồ sơ để nhận tài liệu DID mà người mua kiểm tra trên tên miền của bạn.',
  },
  'issuer.history': { en: 'Verification history', vn: 'Lịch sử xác minh' },
  'issuer.event.verified': { en: 'verified by {by}', vn: 'được xác minh bởi {by}' },
  'issuer.event.revoked': { en: 'verification withdrawn by {by}', vn: 'bị rút xác minh bởi {by}' },

  'platform.title': { en: 'Companies (platform operator)', vn: 'Các công ty (nhà vận hành nền tảng)' },
  'platform.intro': {
    en: "Check each company's legal name and ABN (ABN Lookup) or enterprise code (the national business register) before verifying it: only a verified company may submit certificates, and buyers see the verification.",
    vn: 'Hãy kiểm tra tên pháp lý và ABN (ABN Lookup) hoặc mã số doanh nghiệp (cổng đăng ký doanh nghiệp quốc gia) của mỗi công ty trước khi xác minh: chỉ công ty đã xác minh mới được gửi chứng nhận, và người mua thấy việc xác minh.',
  },
  'platform.company': { en: 'Company', vn: 'Công ty' },
  'platform.registration': { en: 'Registration', vn: 'Số đăng ký' },
  'platform.status': { en: 'Identity', vn: 'Danh tính' },
  'platform.invalid': { en: 'not a valid ABN or enterprise code', vn: 'không phải ABN hoặc mã số doanh nghiệp hợp lệ' },
  'platform.verified': { en: 'Verified {date} by {by}', vn: 'Đã xác minh {date} bởi {by}' },
  'platform.unverified': { en: 'Unverified', vn: 'Chưa xác minh' },
  'platform.verify': { en: 'Verify', vn: 'Xác minh' },
  'platform.revoke': { en: 'Withdraw verification', vn: 'Rút xác minh' },
  'platform.verifyTitle': { en: 'Verify this company', vn: 'Xác minh công ty này' },
  'platform.revokeTitle': { en: 'Withdraw the verification', vn: 'Rút việc xác minh' },
  'platform.confirm': {
    en: 'I checked in the public register that {registration} belongs to "{name}".',
    vn: 'Tôi đã kiểm tra trong cơ sở dữ liệu đăng ký công khai rằng {registration} thuộc về "{name}".',
  },
  'platform.noteVerify': { en: 'Where and when you checked it', vn: 'Bạn đã kiểm tra ở đâu và khi nào' },
  'platform.noteRevoke': { en: 'Why it no longer stands', vn: 'Vì sao việc xác minh không còn hiệu lực' },
  'issuer.seal.fingerprint': { en: 'Seal certificate fingerprint (SHA-256)', vn: 'Dấu vân chứng thư con dấu (SHA-256)' },
  'issuer.seal.revoke': { en: 'Revoke the seal certificate', vn: 'Thu hồi chứng thư con dấu' },
  'issuer.seal.revokeExplained': {
    en: "Do this if the seal key may be in someone else's hands. Certificates sealed before now stay valid; a PDF sealed with this certificate from now on is refused by every check. Your company gets a new seal certificate at once: publish your DID document again if you host it on your own domain.",
    vn: 'Hãy làm việc này nếu khóa con dấu có thể đã rơi vào tay người khác. Các chứng nhận đã đóng dấu trước thời điểm này vẫn hợp lệ; tệp PDF được đóng dấu bằng chứng thư này từ nay sẽ bị mọi bước kiểm tra từ chối. Công ty của bạn được cấp ngay chứng thư con dấu mới: hãy công bố lại tài liệu DID nếu bạn đặt nó trên tên miền riêng.',
  },
  'issuer.seal.reason': { en: 'Reason', vn: 'Lý do' },
  'issuer.seal.cancel': { en: 'Cancel', vn: 'Hủy' },
  'issuer.seal.confirm': { en: 'Revoke', vn: 'Thu hồi' },
  'issuer.seal.revoked': { en: 'Seal certificate {serial} revoked on {date}', vn: 'Chứng thư con dấu {serial} bị thu hồi ngày {date}' },
};
