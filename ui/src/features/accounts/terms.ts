import type { Language } from '@grain/domain';

/**
 * The terms and conditions shown before registration (docs/spec/approvals.md §1): the five-step certification
 * process, data privacy, liability, termination, amendments, dispute resolution and governing law.
 */
interface Section {
  heading: string;
  paragraphs: string[];
}

const en: Section[] = [
  {
    heading: '1. The certification process',
    paragraphs: [
      'Every grain quality certificate issued through this platform passes five steps:',
      'Step 1 — In-chain data: farm, transport and storage data are recorded on the blockchain as they are captured.',
      'Step 2 — Machine verification: the recorded data and grain images are checked automatically against the quality standards.',
      'Step 3 — Stakeholder endorsement: at least three stakeholders (for example the farmer, the transporter, the storage manager, a regulator or a certifier) review and sign the certificate.',
      'Step 4 — Certificate issue: once every approval level has signed, the certificate is issued.',
      'Step 5 — On-chain deployment: the issued certificate and its signatures are written to the blockchain, where anyone entitled can verify them.',
    ],
  },
  {
    heading: '2. Data privacy',
    paragraphs: [
      'Personal data is used only to operate the certification process and is shared only with the stakeholders of a certificate. Data written to the blockchain cannot be erased; we write hashes, not personal details, wherever possible.',
    ],
  },
  {
    heading: '3. Liability',
    paragraphs: [
      'Each stakeholder is responsible for the accuracy of the data and endorsements they provide. The platform is not liable for losses arising from inaccurate data supplied by users.',
    ],
  },
  {
    heading: '4. Termination',
    paragraphs: ['Either party may end the use of the platform with written notice. Certificates already issued stay valid and verifiable on the blockchain.'],
  },
  {
    heading: '5. Amendments',
    paragraphs: ['We may amend these terms. You will be notified and have about 30 days to respond; silence counts as acceptance of the amended terms.'],
  },
  { heading: '6. Dispute resolution', paragraphs: ['Disputes are first taken to mediation, then to arbitration, and only then to litigation.'] },
  { heading: '7. Governing law', paragraphs: ['These terms are governed by the laws of Australia; the courts of Victoria have jurisdiction.'] },
];

const vn: Section[] = [
  {
    heading: '1. Quy trình chứng nhận',
    paragraphs: [
      'Mỗi chứng nhận chất lượng ngũ cốc được cấp qua nền tảng này trải qua năm bước:',
      'Bước 1 — Dữ liệu trên chuỗi: dữ liệu nông trại, vận chuyển và lưu kho được ghi lên blockchain ngay khi thu thập.',
      'Bước 2 — Xác minh tự động: dữ liệu đã ghi và hình ảnh ngũ cốc được máy kiểm tra theo tiêu chuẩn chất lượng.',
      'Bước 3 — Xác nhận của các bên liên quan: ít nhất ba bên liên quan (ví dụ nông dân, đơn vị vận chuyển, quản lý kho, cơ quan quản lý hoặc tổ chức chứng nhận) xem xét và ký chứng nhận.',
      'Bước 4 — Cấp chứng nhận: khi mọi cấp phê duyệt đã ký, chứng nhận được cấp.',
      'Bước 5 — Triển khai trên chuỗi: chứng nhận đã cấp cùng các chữ ký được ghi lên blockchain để mọi bên có quyền đều có thể kiểm chứng.',
    ],
  },
  {
    heading: '2. Quyền riêng tư dữ liệu',
    paragraphs: [
      'Dữ liệu cá nhân chỉ được dùng để vận hành quy trình chứng nhận và chỉ chia sẻ với các bên liên quan của chứng nhận. Dữ liệu đã ghi lên blockchain không thể xóa; chúng tôi ghi mã băm thay cho thông tin cá nhân khi có thể.',
    ],
  },
  {
    heading: '3. Trách nhiệm',
    paragraphs: [
      'Mỗi bên chịu trách nhiệm về tính chính xác của dữ liệu và xác nhận mình cung cấp. Nền tảng không chịu trách nhiệm về thiệt hại phát sinh từ dữ liệu sai do người dùng cung cấp.',
    ],
  },
  {
    heading: '4. Chấm dứt',
    paragraphs: [
      'Mỗi bên có thể chấm dứt việc sử dụng nền tảng bằng thông báo bằng văn bản. Các chứng nhận đã cấp vẫn có hiệu lực và kiểm chứng được trên blockchain.',
    ],
  },
  {
    heading: '5. Sửa đổi',
    paragraphs: [
      'Chúng tôi có thể sửa đổi các điều khoản này. Bạn sẽ được thông báo và có khoảng 30 ngày để phản hồi; im lặng được xem là chấp nhận điều khoản sửa đổi.',
    ],
  },
  { heading: '6. Giải quyết tranh chấp', paragraphs: ['Tranh chấp trước hết được hòa giải, sau đó đưa ra trọng tài, và chỉ sau đó mới khởi kiện.'] },
  { heading: '7. Luật áp dụng', paragraphs: ['Các điều khoản này tuân theo pháp luật Úc; tòa án bang Victoria có thẩm quyền.'] },
];

export const TERMS: Record<Language, Section[]> = { en, vn };
