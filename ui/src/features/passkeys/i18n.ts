import type { Table } from '../../i18n/translation-table';

/** Texts of the passkey screens and prompts (keys passkey.*), en and vn. */
export const passkeys: Table = {
  'passkey.title': { en: 'Passkeys', vn: 'Passkey' },
  'passkey.explain': {
    en: 'Sign with one tap: your phone or computer signs with its fingerprint, face or PIN prompt. Add a passkey once on each device you sign with; the e-mailed code stays for any other device.',
    vn: 'Ký chỉ với một chạm: điện thoại hoặc máy tính của bạn ký bằng vân tay, khuôn mặt hoặc mã PIN. Thêm passkey một lần trên mỗi thiết bị bạn dùng để ký; mã gửi qua email vẫn dùng được trên thiết bị khác.',
  },
  'passkey.add': { en: 'Add a passkey on this device', vn: 'Thêm passkey trên thiết bị này' },
  'passkey.added': { en: 'Passkey added: next time you sign with one tap', vn: 'Đã thêm passkey: lần sau bạn ký chỉ với một chạm' },
  'passkey.none': { en: 'No passkey yet.', vn: 'Chưa có passkey.' },
  'passkey.remove': { en: 'Remove', vn: 'Gỡ bỏ' },
  'passkey.removeNamed': { en: 'Remove passkey {name}', vn: 'Gỡ passkey {name}' },
  'passkey.removed': { en: 'Passkey removed', vn: 'Đã gỡ passkey' },
  'passkey.addedOn': { en: 'Added {date}', vn: 'Thêm ngày {date}' },
  'passkey.lastUsed': { en: 'last used {date}', vn: 'dùng lần cuối {date}' },
  'passkey.defaultName': { en: 'Passkey added {date}', vn: 'Passkey thêm ngày {date}' },
  'passkey.promptClosed': {
    en: 'The passkey prompt was closed or found no passkey on this device; nothing was signed. Try again, or use the e-mailed code.',
    vn: 'Hộp thoại passkey đã đóng hoặc không tìm thấy passkey trên thiết bị này; chưa có gì được ký. Hãy thử lại, hoặc dùng mã gửi qua email.',
  },
  'passkey.alreadyHere': { en: 'This device already holds one of your passkeys.', vn: 'Thiết bị này đã có một passkey của bạn.' },
  'passkey.unsupported': {
    en: 'This browser cannot use passkeys here. Use the e-mailed code.',
    vn: 'Trình duyệt này không dùng được passkey ở đây. Hãy dùng mã gửi qua email.',
  },
  'passkey.sign.explain': {
    en: 'You sign with your passkey: your device asks for your fingerprint, face or PIN, and signs this content hash for this level.',
    vn: 'Bạn ký bằng passkey: thiết bị sẽ hỏi vân tay, khuôn mặt hoặc mã PIN, và ký mã băm nội dung này cho cấp này.',
  },
  'passkey.sign.useCode': { en: 'Use an e-mailed code instead', vn: 'Dùng mã gửi qua email' },
  'passkey.sign.usePasskey': { en: 'Sign with my passkey instead', vn: 'Ký bằng passkey' },
  'passkey.offer.title': { en: 'Signed. One tap next time?', vn: 'Đã ký. Lần sau chỉ một chạm?' },
  'passkey.offer.text': {
    en: 'Add a passkey on this device and sign next time with your fingerprint, face or PIN, with no code to wait for.',
    vn: 'Thêm passkey trên thiết bị này để lần sau ký bằng vân tay, khuôn mặt hoặc mã PIN, không cần chờ mã.',
  },
  'passkey.offer.notNow': { en: 'Not now', vn: 'Để sau' },
  'passkey.login': { en: 'Sign in with a passkey', vn: 'Đăng nhập bằng passkey' },
};
