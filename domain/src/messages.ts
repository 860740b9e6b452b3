import type { Language } from './constants';

/**
 * User-facing messages shared by the API (invalidMsg) and the UI, keyed by a stable code, in every
 * language the product speaks. The codes are the spec's; where the spec's wording had typos or said
 * "Invalid" for an empty field, the wording is corrected (docs/spec-deviations.md, "Words").
 */
export const MESSAGES = {
  // validation (docs/spec/farm-data-and-documents.md §5 shared table)
  INVALID_NAME: {
    en: "Invalid Name: use letters, with a space, apostrophe ('), hyphen (-) or full stop between words",
    vn: "Tên không hợp lệ: dùng chữ cái, giữa các từ có thể có dấu cách, dấu nháy ('), gạch nối (-) hoặc dấu chấm",
  },
  INVALID_COMPANY_NAME: {
    en: "Invalid Company Name: 2 to 200 characters with a letter or digit; letters, digits, spaces and & . , ' ( ) / - are fine",
    vn: "Tên công ty không hợp lệ: 2 đến 200 ký tự, có chữ cái hoặc chữ số; được dùng chữ, số, dấu cách và & . , ' ( ) / -",
  },
  PASSWORD_TOO_SIMPLE: {
    en: 'Password too simple: use 8 or more characters with upper and lower case letters, a digit and one of !@#$%^&*',
    vn: 'Mật khẩu quá đơn giản',
  },
  PASSWORD_MISMATCH: { en: 'Mismatch password', vn: 'Mật khẩu không khớp' },
  INVALID_EMAIL: { en: 'Invalid Email', vn: 'Email không hợp lệ' },
  INVALID_PHONE: {
    en: 'Invalid Phone Number: enter a number in use, e.g. (03) 5495 1234 or +61 3 5495 1234 (with its country code when it is from another country)',
    vn: 'Số điện thoại không hợp lệ: nhập số đang dùng, ví dụ 0292 3821 234 hoặc +84 292 3821 234 (kèm mã quốc gia nếu là số nước khác)',
  },
  INVALID_BANK_NAME: { en: 'Invalid Bank Name', vn: 'Tên ngân hàng không hợp lệ' },
  INVALID_BANK_BRANCH: { en: 'Invalid Bank Branch', vn: 'Chi nhánh ngân hàng không hợp lệ' },
  INVALID_ADDRESS: { en: 'Invalid Address', vn: 'Địa chỉ không hợp lệ' },
  INVALID_TAX_OFFICE: { en: 'Invalid Tax Office Address', vn: 'Địa chỉ cơ quan thuế không hợp lệ' },
  INVALID_STREET: { en: 'Invalid Street name (2 to 100 characters)', vn: 'Tên đường không hợp lệ (2 đến 100 ký tự)' },
  INVALID_SUBURB: { en: 'Invalid Suburb', vn: 'Phường/xã, quận/huyện không hợp lệ' },
  INVALID_CITY: { en: 'Invalid City', vn: 'Thành phố/thị xã không hợp lệ' },
  INVALID_COUNTRY: { en: 'Invalid Country name', vn: 'Tên quốc gia không hợp lệ' },
  INVALID_PROVINCE: { en: 'Invalid province', vn: 'Tỉnh/thành phố không hợp lệ' },
  PROVINCE_REQUIRED: { en: 'Province is required for an address in Vietnam', vn: 'Vui lòng nhập tỉnh/thành phố cho địa chỉ ở Việt Nam' },
  INVALID_STATE: {
    en: 'Choose the state or territory: NSW, VIC, QLD, WA, SA, TAS, ACT or NT',
    vn: 'Chọn bang hoặc vùng lãnh thổ: NSW, VIC, QLD, WA, SA, TAS, ACT hoặc NT',
  },
  STATE_REQUIRED: { en: 'State is required for an address in Australia', vn: 'Vui lòng chọn bang cho địa chỉ ở Úc' },
  INVALID_POSTCODE: { en: 'An Australian postcode has 4 digits', vn: 'Mã bưu chính của Úc gồm 4 chữ số' },
  POSTCODE_REQUIRED: { en: 'Postcode is required for an address in Australia', vn: 'Vui lòng nhập mã bưu chính cho địa chỉ ở Úc' },
  POSTCODE_NOT_IN_STATE: {
    en: 'This postcode is not one of the state’s; check the postcode and the state',
    vn: 'Mã bưu chính này không thuộc bang đã chọn; vui lòng kiểm tra lại mã bưu chính và bang',
  },
  INVALID_URL: { en: 'Invalid website URL', vn: 'Địa chỉ website không hợp lệ' },
  INVALID_DATE: { en: 'Invalid Date', vn: 'Ngày không hợp lệ' },
  INVALID_BANK_ACCOUNT: { en: 'Invalid bank account number (12 to 16 digits)', vn: 'Số tài khoản ngân hàng không hợp lệ' },
  INVALID_TFN: {
    en: 'Enter an 11-digit Australian Business Number (ABN) or a 10- or 13-digit Vietnamese tax code',
    vn: 'Nhập số ABN của Úc (11 chữ số) hoặc mã số thuế Việt Nam (10 hoặc 13 chữ số)',
  },
  INVALID_ABN: {
    en: 'This is not a valid ABN: its check digits do not match (an ABN has 11 digits, e.g. 51 824 753 556)',
    vn: 'Số ABN không hợp lệ: chữ số kiểm tra không khớp (ABN gồm 11 chữ số, ví dụ 51 824 753 556)',
  },
  INVALID_VN_TAX_CODE: {
    en: 'This is not a valid Vietnamese tax code (10 digits, or 10 + 3 for a branch: 0101234567-001)',
    vn: 'Mã số thuế Việt Nam không hợp lệ (10 chữ số, hoặc 10 + 3 cho chi nhánh: 0101234567-001)',
  },
  INVALID_QUANTITY: { en: 'Invalid Quantity', vn: 'Số lượng không hợp lệ' },
  INVALID_PRICE: { en: 'Invalid cost/price', vn: 'Giá không hợp lệ' },
  INVALID_INVOICE_CODE: { en: 'Invalid Invoice Code', vn: 'Mã hóa đơn không hợp lệ' },
  INVALID_GROUP_NAME: {
    en: 'Invalid user group name: up to 50 characters with a letter or digit',
    vn: 'Tên nhóm người dùng không hợp lệ: tối đa 50 ký tự, có chữ cái hoặc chữ số',
  },
  INVALID_CODE: { en: 'Invalid Code Number', vn: 'Mã số không hợp lệ' },
  INVALID_INPUT: { en: 'Please correct data: ', vn: 'Vui lòng sửa dữ liệu: ' },
  PLEASE_CORRECT_INFO: { en: 'Please correct info: ', vn: 'Vui lòng sửa thông tin: ' },
  PLEASE_REINPUT_INFO: { en: 'Please re-input info: ', vn: 'Vui lòng nhập lại thông tin: ' },
  FIELD_REQUIRED: { en: 'This field is required', vn: 'Trường này là bắt buộc' },
  NAME_REQUIRED: { en: 'Name is required', vn: 'Vui lòng nhập tên' },
  COMPANY_NAME_REQUIRED: { en: 'Company name is required', vn: 'Vui lòng nhập tên công ty' },
  PASSWORD_REQUIRED: { en: 'Password is required', vn: 'Vui lòng nhập mật khẩu' },
  EMAIL_REQUIRED: { en: 'Email is required', vn: 'Vui lòng nhập email' },
  BANK_NAME_REQUIRED: { en: 'Bank name is required', vn: 'Vui lòng nhập tên ngân hàng' },
  BANK_ACCOUNT_REQUIRED: { en: 'Bank account number is required', vn: 'Vui lòng nhập số tài khoản ngân hàng' },
  STREET_REQUIRED: { en: 'Street is required', vn: 'Vui lòng nhập tên đường' },
  SUBURB_REQUIRED: { en: 'Suburb is required', vn: 'Vui lòng nhập phường/xã' },
  CITY_REQUIRED: { en: 'City is required', vn: 'Vui lòng nhập tỉnh/thành phố' },
  COUNTRY_REQUIRED: { en: 'Country is required', vn: 'Vui lòng nhập quốc gia' },
  GROUP_NAME_REQUIRED: { en: 'Group name is required', vn: 'Vui lòng nhập tên nhóm' },
  STORAGE_LOCATION_REQUIRED: { en: 'Storage location is required', vn: 'Vui lòng nhập nơi lưu trữ' },
  QUANTITY_REQUIRED: { en: 'Quantity is required', vn: 'Vui lòng nhập số lượng' },
  PROTEIN_REQUIRED: { en: 'Protein is required', vn: 'Vui lòng nhập protein' },
  MOISTURE_REQUIRED: { en: 'Moisture is required', vn: 'Vui lòng nhập độ ẩm' },
  PRODUCTION_DATE_REQUIRED: { en: 'Production date is required', vn: 'Vui lòng nhập ngày sản xuất' },
  PRODUCTION_DATE_IN_FUTURE: {
    en: 'The production date is after today; grain cannot be produced on a day still to come',
    vn: 'Ngày sản xuất sau ngày hôm nay; không thể sản xuất ngũ cốc vào một ngày chưa đến',
  },
  PRODUCTION_DATE_TOO_OLD: {
    en: 'The production date is more than 10 years ago; check the year',
    vn: 'Ngày sản xuất cách đây hơn 10 năm; vui lòng kiểm tra lại năm',
  },
  REQUIRED_FIELDS: {
    en: 'All fields with (*) are required. Please fill them all before submitting.',
    vn: 'Tất cả các trường có dấu (*) là bắt buộc. Vui lòng điền đầy đủ trước khi gửi.',
  },
  // auth and access
  LOGIN_FAILED: { en: 'Wrong email or password', vn: 'Sai email hoặc mật khẩu' },
  LOGIN_THROTTLED: { en: 'Too many sign-in attempts. Try again later.', vn: 'Quá nhiều lần đăng nhập. Vui lòng thử lại sau.' },
  ACCOUNT_INACTIVE: { en: 'This account is not active', vn: 'Tài khoản này không hoạt động' },
  UNAUTHENTICATED: { en: 'Please sign in', vn: 'Vui lòng đăng nhập' },
  ACCESS_DENIED: { en: 'Access denied', vn: 'Từ chối truy cập' },
  CROSS_SITE: { en: 'Cross-site request refused', vn: 'Yêu cầu từ trang khác bị từ chối' },
  NOT_FOUND: { en: 'Not found', vn: 'Không tìm thấy' },
  EMAIL_TAKEN: { en: 'This email is already registered', vn: 'Email này đã được đăng ký' },
  USER_ID_MISSING: { en: 'User ID was missing', vn: 'Thiếu mã người dùng' },
  RESET_SENT: { en: 'Please check your email for a link to set a new password', vn: 'Vui lòng kiểm tra email để đặt lại mật khẩu' },
  RESET_TOKEN_INVALID: { en: 'This reset link is invalid or has expired', vn: 'Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn' },
  // accounts
  COMPANY_REQUIRED: { en: 'Please create your company profile first', vn: 'Vui lòng tạo hồ sơ công ty trước' },
  COMPANY_EXISTS: { en: 'You already belong to a company', vn: 'Bạn đã thuộc một công ty' },
  GROUP_NAME_TAKEN: { en: 'A group with this name already exists', vn: 'Đã có nhóm với tên này' },
  INVALID_ROLE: { en: 'The role must be admin or the name of one of your groups', vn: 'Vai trò phải là admin hoặc tên một nhóm của công ty' },
  INVALID_STATUS: { en: 'The status must be active, inactive or locked', vn: 'Trạng thái phải là hoạt động, không hoạt động hoặc bị khóa' },
  INVALID_PERMISSION: { en: 'Unknown permission', vn: 'Quyền không hợp lệ' },
  CANNOT_DELETE_SELF: { en: 'You cannot delete your own account', vn: 'Bạn không thể xóa tài khoản của chính mình' },
  CURRENT_PASSWORD_WRONG: { en: 'Your current password is wrong', vn: 'Mật khẩu hiện tại không đúng' },
  CURRENT_PASSWORD_REQUIRED: {
    en: 'Enter your current password to change your e-mail address',
    vn: 'Nhập mật khẩu hiện tại để đổi địa chỉ email',
  },
  EMAIL_CHANGE_SENT: {
    en: 'We sent a link to your new address; your e-mail changes when you open it (within one hour)',
    vn: 'Chúng tôi đã gửi một liên kết đến địa chỉ mới; email của bạn chỉ đổi khi bạn mở liên kết đó (trong vòng một giờ)',
  },
  EMAIL_CHANGE_INVALID: {
    en: 'This confirmation link is invalid or has expired; ask for the change again',
    vn: 'Liên kết xác nhận không hợp lệ hoặc đã hết hạn; vui lòng yêu cầu đổi lại',
  },
  EMAIL_CHANGE_THROTTLED: {
    en: 'Too many e-mail changes were asked for in the last hour; try again later',
    vn: 'Bạn đã yêu cầu đổi email quá nhiều lần trong một giờ qua; vui lòng thử lại sau',
  },
  EMAIL_CHANGED: { en: 'Your e-mail address was changed', vn: 'Địa chỉ email của bạn đã được thay đổi' },
  TERMS_NOT_ACCEPTED: { en: 'Please agree to the terms and conditions', vn: 'Vui lòng đồng ý với điều khoản và điều kiện' },
  PASSWORD_CHANGED: { en: 'Your password was changed; please sign in again', vn: 'Mật khẩu đã được thay đổi; vui lòng đăng nhập lại' },
  SIGNATURE_MISSING: { en: 'You have no digital signature yet; create one first', vn: 'Bạn chưa có chữ ký số; vui lòng tạo trước' },
  SIGNATURE_NOT_EFFECTIVE: { en: 'Your digital signature is not in effect on this date', vn: 'Chữ ký số của bạn chưa có hiệu lực hoặc đã hết hạn' },
  // certificates
  CANNOT_MOVE_FORWARD: { en: 'Cannot move forward on the signing chain', vn: 'Không thể chuyển tiếp trên chuỗi ký' },
  NOT_A_SIGNER: { en: 'You are not a signer of the current level', vn: 'Bạn không phải người ký của cấp hiện tại' },
  ALREADY_SIGNED: { en: 'You have already signed this level', vn: 'Bạn đã ký cấp này' },
  CERTIFICATE_DONE: { en: 'This certificate is already done', vn: 'Chứng nhận này đã hoàn tất' },
  CERTIFICATE_NOT_EDITABLE: {
    en: 'The certificate can only be edited while created or rejected',
    vn: 'Chỉ có thể sửa chứng nhận khi ở trạng thái tạo mới hoặc bị từ chối',
  },
  SUBMITTER_CANNOT_SIGN: { en: 'The submitter may not sign their own certificate', vn: 'Người nộp không được ký chứng nhận của chính mình' },
  REASON_REQUIRED: { en: 'A reason is required', vn: 'Cần nhập lý do' },
  NOT_ISSUED: { en: 'Only an issued certificate can be revoked', vn: 'Chỉ chứng nhận đã cấp mới có thể bị thu hồi' },
  ALREADY_REVOKED: { en: 'This certificate is already revoked', vn: 'Chứng nhận này đã bị thu hồi' },
  SEAL_NOT_READY: {
    en: 'The issued certificate is still being sealed. Try again in a moment.',
    vn: 'Chứng nhận đã cấp đang được đóng dấu. Vui lòng thử lại sau giây lát.',
  },
  PDF_PENDING: {
    en: 'The certificate is issued; its PDF is being prepared. Try again in a moment.',
    vn: 'Chứng nhận đã được cấp; bản PDF đang được chuẩn bị. Vui lòng thử lại sau giây lát.',
  },
  IMAGE_VALIDATION_REQUIRED: {
    en: 'The grain photo of the farm record is not verified. Verify it under Farm data (Image validation), then submit.',
    vn: 'Ảnh hạt của bản ghi nông trại chưa được xác thực. Hãy xác thực ảnh trong Dữ liệu nông trại (Xác thực hình ảnh), rồi nộp.',
  },
  FARM_RECORD_IN_USE: {
    en: 'This farm record already backs another certificate (being signed, sent back or issued). One lot, one certificate: pick another farm record, or withdraw that certificate first.',
    vn: 'Bản ghi nông trại này đã được dùng cho một chứng nhận khác (đang ký, bị trả lại hoặc đã cấp). Mỗi lô một chứng nhận: hãy chọn bản ghi khác, hoặc rút chứng nhận kia trước.',
  },
  OTP_INVALID: { en: 'The one-time code is wrong', vn: 'Mã xác thực không đúng' },
  OTP_EXPIRED: { en: 'The one-time code has expired; request a new one', vn: 'Mã xác thực đã hết hạn; vui lòng yêu cầu mã mới' },
  OTP_LOCKED: { en: 'Too many wrong codes; a new code is needed', vn: 'Nhập sai quá nhiều lần; cần mã mới' },
  OTP_SENT: { en: 'Check your email for the one-time code', vn: 'Kiểm tra email để lấy mã xác thực' },
  SIGNATURE_PASSWORD_WRONG: { en: 'The signature password is wrong', vn: 'Mật khẩu chữ ký không đúng' },
  SIGNATURE_EXISTS: {
    en: 'You already have a digital signature. Update it with its current password, or ask an admin to reset it.',
    vn: 'Bạn đã có chữ ký số. Hãy cập nhật bằng mật khẩu hiện tại của nó, hoặc nhờ quản trị viên đặt lại.',
  },
  SIGNATURE_INVALID: {
    en: 'Your digital signature could not be verified against its certificate; nothing was signed. Ask an admin to reset your digital signature.',
    vn: 'Không thể xác minh chữ ký số của bạn theo chứng thư của nó; chưa có gì được ký. Hãy nhờ quản trị viên đặt lại chữ ký số.',
  },
  CONTENT_CHANGED_SINCE_SHOWN: {
    en: 'The certificate changed after it was shown to you; nothing was signed. Look at it again, then sign.',
    vn: 'Chứng nhận đã thay đổi sau khi hiển thị cho bạn; chưa có gì được ký. Hãy xem lại rồi ký.',
  },
  PASSKEY_NOT_ENROLLED: {
    en: 'You have no passkey yet. Sign with the e-mailed code, or add a passkey on your Digital Signature page.',
    vn: 'Bạn chưa có passkey. Hãy ký bằng mã gửi qua email, hoặc thêm passkey ở trang Chữ ký số.',
  },
  PASSKEY_CHALLENGE_INVALID: {
    en: 'This passkey request was already used or has expired; nothing was signed. Sign again.',
    vn: 'Yêu cầu passkey này đã được dùng hoặc đã hết hạn; chưa có gì được ký. Hãy ký lại.',
  },
  PASSKEY_ASSERTION_INVALID: {
    en: "The passkey's answer could not be verified for this certificate and level; nothing was signed. Sign again, or use the e-mailed code.",
    vn: 'Không thể xác minh câu trả lời của passkey cho chứng nhận và cấp này; chưa có gì được ký. Hãy ký lại, hoặc dùng mã gửi qua email.',
  },
  PASSKEY_NOT_YOURS: {
    en: 'This passkey belongs to another person; nothing was signed. Sign with your own passkey or the e-mailed code.',
    vn: 'Passkey này thuộc về người khác; chưa có gì được ký. Hãy ký bằng passkey của bạn hoặc mã gửi qua email.',
  },
  PASSKEY_REGISTRATION_INVALID: {
    en: 'The new passkey could not be verified; it was not added. Try again.',
    vn: 'Không thể xác minh passkey mới; passkey chưa được thêm. Hãy thử lại.',
  },
  PASSKEY_ALGORITHM_UNSUPPORTED: {
    en: 'This authenticator signs with an algorithm we cannot state for checking (ES256 or RS256 are needed); it was not added.',
    vn: 'Thiết bị xác thực này ký bằng thuật toán không hỗ trợ (cần ES256 hoặc RS256); passkey chưa được thêm.',
  },
  PASSKEY_EXISTS: { en: 'This passkey is already added', vn: 'Passkey này đã được thêm' },
  DUPLICATE_NUMBER: { en: 'This certificate number is already used', vn: 'Số chứng nhận này đã được sử dụng' },
  // certificate workflow
  CERTIFICATE_NOT_ACTIVE: { en: 'This certificate is not being signed', vn: 'Chứng nhận này không trong quá trình ký' },
  CERTIFICATE_ALREADY_REJECTED: { en: 'This certificate was already sent back', vn: 'Chứng nhận này đã bị trả lại' },
  CERTIFICATE_CANCELLED: { en: 'This certificate was cancelled', vn: 'Chứng nhận này đã bị hủy' },
  LEVEL_ALREADY_COMPLETE: { en: 'This level is already signed; it cannot change', vn: 'Cấp này đã được ký xong; không thể thay đổi' },
  NOTHING_TO_CHANGE: { en: 'Nothing was changed', vn: 'Không có gì thay đổi' },
  SIGNER_HAS_SIGNED: {
    en: 'A signer who has already signed this level cannot be removed',
    vn: 'Không thể bỏ người đã ký ở cấp này',
  },
  REMINDED_RECENTLY: {
    en: 'A reminder for this level was sent less than an hour ago; please try again later',
    vn: 'Đã gửi nhắc nhở cho cấp này chưa đến một giờ trước; vui lòng thử lại sau',
  },
  NOBODY_TO_ESCALATE_TO: { en: 'There is no manager to escalate to', vn: 'Không có quản lý nào để báo cáo lên' },
  LEVELS_REQUIRED: { en: 'A certificate needs at least one level', vn: 'Chứng nhận cần ít nhất một cấp phê duyệt' },
  INVALID_LEVEL: { en: 'There is no such level', vn: 'Không có cấp phê duyệt này' },
  INVALID_SIGNATURE_COUNT: { en: 'Required signatures must be 1 to 10', vn: 'Số chữ ký yêu cầu phải từ 1 đến 10' },
  SIGNATURES_EXCEED_SIGNERS: {
    en: 'A level needs at least as many signers as required signatures',
    vn: 'Mỗi cấp cần số người ký không ít hơn số chữ ký yêu cầu',
  },
  DELEGATE_REQUIRED: { en: 'Choose at least one person to delegate to', vn: 'Chọn ít nhất một người để ủy quyền' },
  SIGNER_MAY_NOT_SIGN: {
    en: 'This person may not sign certificates: their group does not hold the permission to sign',
    vn: 'Người này không được ký chứng nhận: nhóm của họ không có quyền ký',
  },
  DELEGATE_ALREADY_SIGNER: { en: 'This person is already a signer of the level', vn: 'Người này đã là người ký của cấp này' },
  CONTENT_CHANGED: {
    en: 'The certificate changed after the code was sent; request a new code',
    vn: 'Chứng nhận đã thay đổi sau khi gửi mã; vui lòng yêu cầu mã mới',
  },
  OTP_REQUIRED: { en: 'Enter the one-time code from your email', vn: 'Nhập mã xác thực trong email của bạn' },
  // farm data and documents
  CSV_FORMAT_ERROR: { en: 'CSV format data error', vn: 'Lỗi định dạng dữ liệu CSV' },
  QUANTITY_NOT_INTEGER: { en: 'Quantity must be an integer', vn: 'Số lượng phải là số nguyên' },
  MOISTURE_NOT_FLOAT: { en: 'Moisture must be a number', vn: 'Độ ẩm phải là một số' },
  PROTEIN_NOT_FLOAT: { en: 'Protein must be a number', vn: 'Protein phải là một số' },
  MOISTURE_OUT_OF_RANGE: { en: 'Moisture must be a percentage from 0 to 100', vn: 'Độ ẩm phải là phần trăm từ 0 đến 100' },
  PROTEIN_OUT_OF_RANGE: { en: 'Protein must be a percentage from 0 to 100', vn: 'Protein phải là phần trăm từ 0 đến 100' },
  CSV_READ_ERROR: { en: 'Upload csv file process error', vn: 'Lỗi xử lý tệp CSV' },
  CSV_EMPTY: { en: 'Upload farm csv data file error', vn: 'Lỗi tệp dữ liệu CSV nông trại' },
  FILE_TYPE_REJECTED: { en: 'File type not accepted, sorry!', vn: 'Loại tệp không được chấp nhận!' },
  FILE_TOO_LARGE: { en: 'The file is larger than 50 MB', vn: 'Tệp lớn hơn 50 MB' },
  FILE_NAME_REJECTED: { en: 'The file name is not allowed', vn: 'Tên tệp không được phép' },
  IMAGE_NOT_READABLE: { en: 'The photo is not a PNG, JPEG or GIF image', vn: 'Ảnh không phải định dạng PNG, JPEG hoặc GIF' },
  IMAGE_TOO_SMALL: { en: 'The photo is too small (at least 320 x 240 pixels)', vn: 'Ảnh quá nhỏ (tối thiểu 320 x 240 điểm ảnh)' },
  IMAGE_DUPLICATE: { en: 'This photo was already used for another farm record', vn: 'Ảnh này đã được dùng cho bản ghi nông trại khác' },
  IMAGE_NOT_VERIFIED: { en: 'The grain image of this farm record is not verified', vn: 'Ảnh ngũ cốc của bản ghi nông trại này chưa được xác minh' },
  SELECT_FILE: { en: 'Please select a file to upload.', vn: 'Vui lòng chọn tệp để tải lên.' },
  PDF_DOWNLOAD_FAILED: { en: 'Failed to download the PDF. Please try again.', vn: 'Tải PDF thất bại. Vui lòng thử lại.' },
  COMPLIANCE_INCOMPLETE: { en: 'All four documents are needed before the audit', vn: 'Cần đủ bốn tài liệu trước khi kiểm tra' },
  // compliance audit
  COMPLIANCE_DOCUMENT_NOT_READY: { en: 'A chosen document has not finished processing', vn: 'Một tài liệu đã chọn chưa xử lý xong' },
  COMPLIANCE_DOCUMENT_WRONG_TYPE: { en: 'The chosen document is not of the type this section needs', vn: 'Tài liệu đã chọn không đúng loại cho mục này' },
  COMPLIANCE_FILE_TYPE: { en: 'Upload a PDF, DOCX or TXT file', vn: 'Vui lòng tải lên tệp PDF, DOCX hoặc TXT' },
  COMPLIANCE_NO_TEXT: {
    en: 'No readable text was found in the file (a scanned image needs OCR first)',
    vn: 'Không tìm thấy văn bản đọc được trong tệp (ảnh quét cần OCR trước)',
  },
  COMPLIANCE_FILE_UNREADABLE: { en: 'The file could not be read; it may be damaged', vn: 'Không thể đọc tệp; tệp có thể bị hỏng' },
  COMPLIANCE_AUDIT_RUNNING: { en: 'The audit of this submission is already running', vn: 'Việc kiểm tra hồ sơ này đang chạy' },
  COMPLIANCE_ALREADY_AUDITED: { en: 'This submission has already been audited; create a new one', vn: 'Hồ sơ này đã được kiểm tra; vui lòng tạo hồ sơ mới' },
  COMPLIANCE_CREATE_GONE: {
    en: 'POST company/compliance/create is no longer served: get a compliance id from GET /api/compliance/create, then upload each document to POST /openai/{establishment|haccp-plan|management-plan|pest-control}/{compliance_id}/upload',
    vn: 'POST company/compliance/create không còn được hỗ trợ: lấy mã hồ sơ từ GET /api/compliance/create, rồi tải từng tài liệu lên POST /openai/{establishment|haccp-plan|management-plan|pest-control}/{compliance_id}/upload',
  },
  COMPLIANCE_REPORT_MISSING: { en: 'No compliance report ID found for PDF generation.', vn: 'Không tìm thấy mã báo cáo tuân thủ để tạo PDF.' },
  AI_SERVICE_FAILED: { en: 'The AI service did not answer usefully; try again', vn: 'Dịch vụ AI không phản hồi hợp lệ; vui lòng thử lại' },
  // certificates: dates, code requests, public verification
  DATE_IN_PAST: { en: 'The date is in the past; choose today or a later day', vn: 'Ngày đã qua; vui lòng chọn hôm nay hoặc một ngày sau' },
  OTP_REQUESTS_THROTTLED: {
    en: 'Too many signing codes were asked for this level. Wait 15 minutes after your first request, then ask again.',
    vn: 'Bạn đã yêu cầu quá nhiều mã ký cho cấp này. Vui lòng đợi 15 phút kể từ lần yêu cầu đầu tiên rồi thử lại.',
  },
  VERIFY_FILE_UNKNOWN: {
    en: 'Choose the certificate PDF or its credential (.vc.jwt file)',
    vn: 'Hãy chọn bản PDF của chứng nhận hoặc chứng chỉ của nó (tệp .vc.jwt)',
  },
  // grain standards
  STANDARD_DEVIATION_REASON_REQUIRED: {
    en: 'The farm record does not meet the standard of its claimed grade; give the reason for issuing with this deviation, or choose another record',
    vn: 'Bản ghi nông trại không đạt tiêu chuẩn của hạng đã khai; hãy nêu lý do cấp chứng nhận với sai lệch này, hoặc chọn bản ghi khác',
  },
  // trust: admin power, grants and sign-in throttling
  LAST_ADMIN: {
    en: 'The company needs at least one active admin: make another user admin first',
    vn: 'Công ty cần ít nhất một quản trị viên đang hoạt động: hãy cấp quyền quản trị cho người khác trước',
  },
  GROUP_NAME_RESERVED: {
    en: 'A group cannot be called admin; admin is granted to users by an admin',
    vn: 'Nhóm không được đặt tên admin; quyền quản trị do quản trị viên cấp cho người dùng',
  },
  REGISTER_THROTTLED: { en: 'Too many registrations from your network. Try again later.', vn: 'Quá nhiều lượt đăng ký từ mạng của bạn. Vui lòng thử lại sau.' },
  // generic
  CONFLICT: { en: 'The record was changed by someone else; reload and try again', vn: 'Bản ghi đã bị thay đổi; vui lòng tải lại' },
  UNAVAILABLE: { en: 'A service is unavailable; try again shortly', vn: 'Dịch vụ tạm thời không khả dụng; vui lòng thử lại' },
  INTERNAL: { en: 'Something went wrong', vn: 'Đã xảy ra lỗi' },
  UNSUPPORTED_CHARSET: { en: 'Send the request body as UTF-8', vn: 'Vui lòng gửi nội dung yêu cầu ở dạng UTF-8' },
  UNSUPPORTED_ENCODING: {
    en: 'Send the request body without Content-Encoding (compression is not accepted)',
    vn: 'Vui lòng gửi nội dung yêu cầu không có Content-Encoding (không chấp nhận nén)',
  },
  // why a request was refused: completes "Please correct data: " with the field and the reason
  WHY_BODY: { en: 'the request body', vn: 'nội dung yêu cầu' },
  WHY_REQUIRED: { en: 'this field is required', vn: 'trường này là bắt buộc' },
  WHY_WRONG_TYPE: { en: 'the value has the wrong type', vn: 'giá trị sai kiểu dữ liệu' },
  WHY_TOO_BIG: { en: 'the value is too long or too large', vn: 'giá trị quá dài hoặc quá lớn' },
  WHY_TOO_SMALL: { en: 'the value is too short or too small', vn: 'giá trị quá ngắn hoặc quá nhỏ' },
  WHY_UNKNOWN_FIELD: { en: 'the request holds a field that is not accepted', vn: 'yêu cầu chứa trường không được chấp nhận' },
  WHY_NOT_ACCEPTED_VALUE: { en: 'the value is not one of the accepted values', vn: 'giá trị không nằm trong các giá trị được chấp nhận' },
  WHY_INVALID: { en: 'a value is not valid', vn: 'một giá trị không hợp lệ' },
  WHY_BODY_NOT_JSON: { en: 'the request body is not valid JSON', vn: 'nội dung yêu cầu không phải JSON hợp lệ' },
  WHY_NUL_BYTE: { en: 'text must not contain a NUL character', vn: 'văn bản không được chứa ký tự NUL' },
  WHY_BAD_PATH: { en: 'the address holds an invalid percent-encoding', vn: 'địa chỉ chứa mã hóa phần trăm không hợp lệ' },
  WHY_FORM_UNREADABLE: { en: 'the submitted form could not be read', vn: 'không đọc được biểu mẫu đã gửi' },
  DOCUMENT_TOO_LARGE_UNPACKED: {
    en: 'The document unpacks to more than 32 MB or is compressed suspiciously far; save it again or split it',
    vn: 'Tài liệu khi giải nén lớn hơn 32 MB hoặc bị nén bất thường; vui lòng lưu lại hoặc chia nhỏ tài liệu',
  },
  DOCUMENT_READ_TIMED_OUT: {
    en: 'Reading the document took too long; save it again or split it',
    vn: 'Đọc tài liệu mất quá nhiều thời gian; vui lòng lưu lại hoặc chia nhỏ tài liệu',
  },
  // corrective actions (issue 32)
  ACTION_NOT_OWNER: { en: 'Only the owner of this corrective action can do this', vn: 'Chỉ người phụ trách hành động khắc phục này mới có thể thực hiện' },
  ACTION_OWNER_CANNOT_VERIFY: {
    en: 'The owner of a corrective action cannot judge their own fix; someone else who may verify must do it',
    vn: 'Người phụ trách không thể tự đánh giá việc khắc phục của mình; cần một người khác có quyền xác minh',
  },
  ACTION_WRONG_STATE: { en: 'The corrective action is not in a state that allows this', vn: 'Hành động khắc phục không ở trạng thái cho phép việc này' },
  ACTION_CLOSED: { en: 'The corrective action is already verified and closed', vn: 'Hành động khắc phục đã được xác minh và đóng' },
  ACTION_DUE_IN_PAST: { en: 'The due date must be in the future', vn: 'Hạn hoàn thành phải là một ngày trong tương lai' },
  ACTION_NOTE_REQUIRED: { en: 'Describe the fix in a note', vn: 'Vui lòng mô tả việc khắc phục trong ghi chú' },
  ACTION_REASON_REQUIRED: { en: 'Give the reason for reopening', vn: 'Vui lòng nêu lý do mở lại' },
  ACTION_EVIDENCE_REQUIRED: { en: 'Attach at least one document or photo as evidence', vn: 'Vui lòng đính kèm ít nhất một tài liệu hoặc ảnh làm bằng chứng' },
  ACTION_TOO_MANY_FILES: { en: 'A fix may carry at most 10 files of evidence', vn: 'Mỗi lần khắc phục chỉ được đính kèm tối đa 10 tệp bằng chứng' },
  ACTION_TEXT_TOO_LONG: { en: 'The text is too long (2000 characters at most)', vn: 'Nội dung quá dài (tối đa 2000 ký tự)' },
  ACTION_SAME_OWNER: { en: 'The action already has this owner', vn: 'Hành động đã được giao cho người này' },
  ACTION_OWNER_INVALID: {
    en: 'The owner must be an active user of your company who may own corrective actions',
    vn: 'Người phụ trách phải là người dùng đang hoạt động của công ty bạn và có quyền nhận hành động khắc phục',
  },
  ACTION_SEVERITY_INVALID: { en: 'Severity must be critical, major or minor', vn: 'Mức độ phải là nghiêm trọng, lớn hoặc nhỏ' },
  ACTION_AUDIT_NOT_FINISHED: {
    en: 'Corrective actions are made from a finished audit',
    vn: 'Hành động khắc phục chỉ được tạo từ một lần kiểm tra đã hoàn tất',
  },
  ACTION_CHECK_NOT_FOUND: { en: 'The audit has no such check', vn: 'Lần kiểm tra không có mục này' },
  ACTION_ALREADY_EXISTS: { en: 'This finding already has a corrective action', vn: 'Phát hiện này đã có hành động khắc phục' },
  ACTION_NO_FINDINGS: {
    en: 'The audit has no non-compliant finding without an action',
    vn: 'Lần kiểm tra không có phát hiện không phù hợp nào chưa có hành động',
  },
  ACTION_EVIDENCE_TYPE: {
    en: 'Evidence must be a PDF or a photo (PNG, JPEG or GIF) whose content matches its name',
    vn: 'Bằng chứng phải là tệp PDF hoặc ảnh (PNG, JPEG hoặc GIF) có nội dung đúng với tên tệp',
  },
  ACTION_EVIDENCE_UNKNOWN: {
    en: 'A file of evidence is unknown or was already used by another fix',
    vn: 'Một tệp bằng chứng không tồn tại hoặc đã được dùng cho lần khắc phục khác',
  },
  ACTION_EVIDENCE_LOCKED: { en: 'Evidence of a submitted fix cannot be changed', vn: 'Không thể thay đổi bằng chứng của lần khắc phục đã gửi' },
  // trust round two (issue 26): public surfaces and the issuer's identity
  PUBLIC_THROTTLED: {
    en: 'Too many requests from your network. Wait a minute and try again.',
    vn: 'Quá nhiều yêu cầu từ mạng của bạn. Vui lòng đợi một phút rồi thử lại.',
  },
  VERIFY_CODE_REQUIRED: {
    en: 'Enter the certificate number together with the verification code printed on the certificate (or scan its QR code)',
    vn: 'Hãy nhập số chứng nhận cùng với mã xác minh in trên chứng nhận (hoặc quét mã QR của chứng nhận)',
  },
  CREDENTIAL_KEY_INVALID: {
    en: "The credential's certificate (x5c) is not a readable EC P-256 certificate, so the credential cannot be checked",
    vn: 'Chứng thư (x5c) của chứng chỉ không phải là chứng thư EC P-256 đọc được, nên không thể kiểm tra chứng chỉ',
  },
  ISSUER_UNVERIFIED: {
    en: "Your company's identity (its name and ABN or enterprise code) is not yet verified by the platform operator; certificates can be submitted once it is",
    vn: 'Danh tính công ty của bạn (tên và ABN hoặc mã số doanh nghiệp) chưa được nhà vận hành nền tảng xác minh; có thể gửi chứng nhận sau khi được xác minh',
  },
  IDENTITY_REGISTRATION_INVALID: {
    en: "The company's tax number is not a valid ABN or Vietnamese enterprise code; correct it in the company profile first",
    vn: 'Mã số thuế của công ty không phải là ABN hoặc mã số doanh nghiệp Việt Nam hợp lệ; vui lòng sửa trong hồ sơ công ty trước',
  },
  IDENTITY_MISMATCH: {
    en: "The name and registration confirmed are not the company's current ones; reload and check again",
    vn: 'Tên và số đăng ký được xác nhận không khớp với thông tin hiện tại của công ty; vui lòng tải lại và kiểm tra lại',
  },
  REGISTRATION_TAKEN: {
    en: 'Another company is already verified with this registration',
    vn: 'Một công ty khác đã được xác minh với số đăng ký này',
  },
  // a call to the workflow service missed its deadline: the change may still land, so check before re-sending
  APPROVAL_SERVICE_BUSY: {
    en: 'The approval service is busy, try again in a moment. If you had just sent a change, check whether it went through before sending it again.',
    vn: 'Dịch vụ phê duyệt đang bận, vui lòng thử lại sau giây lát. Nếu bạn vừa gửi một thay đổi, hãy kiểm tra xem thay đổi đó đã được ghi nhận chưa trước khi gửi lại.',
  },
  // the browser gave up waiting for the server (or could not reach it): the change may still have landed
  REQUEST_TIMEOUT: {
    en: 'The server did not answer in time. Try again in a moment; if you had just sent a change, check whether it went through first.',
    vn: 'Máy chủ không phản hồi kịp thời. Vui lòng thử lại sau giây lát; nếu bạn vừa gửi một thay đổi, hãy kiểm tra xem thay đổi đó đã được ghi nhận chưa trước.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageCode = keyof typeof MESSAGES;

export function message(code: MessageCode, lang: Language = 'en'): string {
  return MESSAGES[code][lang] ?? MESSAGES[code].en;
}
