import { HACCP_PRINCIPLES, type AuditItem, type HaccpPrinciple } from '@grain/domain';
import type { AuditInput } from './auditor';
import { REGULATIONS as R } from './regulations';
import { both, dayText, item, lists, quote, type Both } from './rule-check-text';
import { parseDate } from './text-values';

/**
 * The embedded auditor's checks of the registration and the HACCP plan. Each looks at the structured
 * summaries, decides Compliant or Non-Compliant for a stated reason, cites the regulation, and says in
 * whole sentences (en and vn) what the documents state or do not state.
 */
export type Check = (input: AuditInput, asOf: Date) => AuditItem;

const DAY = 86_400_000;
const PEST_RECENCY_DAYS = 90;
const PLAN_REVIEW_DAYS = 366;
const PRINCIPLE: Record<HaccpPrinciple, Both> = {
  hazard_analysis: both('hazard analysis', 'phân tích mối nguy'),
  critical_control_points: both('critical control points', 'điểm kiểm soát tới hạn'),
  critical_limits: both('critical limits', 'giới hạn tới hạn'),
  monitoring_procedures: both('monitoring', 'giám sát'),
  corrective_actions: both('corrective actions', 'hành động khắc phục'),
  verification_procedures: both('verification', 'thẩm tra'),
  record_keeping: both('record keeping', 'lưu hồ sơ'),
};
const substantial = (s: string) => s.replace(/\s/g, '').length >= 15;

const establishmentDetails: Check = ({ establishment }) => {
  const d = establishment.summary.establishment_registration_document;
  const contact = d.telephone || d.email;
  const given: Both[] = [
    d.name_of_establishment ? both(`the name ${quote(d.name_of_establishment)}`, `tên ${quote(d.name_of_establishment)}`) : undefined,
    d.address ? both(`the address ${quote(d.address)}`, `địa chỉ ${quote(d.address)}`) : undefined,
    d.telephone ? both(`the telephone number ${quote(d.telephone)}`, `số điện thoại ${quote(d.telephone)}`) : undefined,
    d.email ? both(`the e-mail address ${quote(d.email)}`, `e-mail ${quote(d.email)}`) : undefined,
  ].filter((x): x is Both => !!x);
  const missing: Both[] = [
    !d.name_of_establishment ? both('the name of the establishment', 'tên cơ sở') : undefined,
    !d.address ? both('its address', 'địa chỉ') : undefined,
    !contact ? both('a contact telephone number or e-mail address', 'số điện thoại hoặc e-mail liên hệ') : undefined,
  ].filter((x): x is Both => !!x);
  const g = lists(
    given.map((x) => x.en),
    given.map((x) => x.vn),
  );
  const m = lists(
    missing.map((x) => x.en),
    missing.map((x) => x.vn),
  );
  const evidence = !given.length
    ? both('The registration gives no name, address or contact for the establishment.', 'Giấy đăng ký không ghi tên, địa chỉ hay thông tin liên hệ của cơ sở.')
    : both(
        `The registration gives ${g.en}.${missing.length ? ` It does not give ${m.en}.` : ''}`,
        `Giấy đăng ký ghi ${g.vn}.${missing.length ? ` Giấy không ghi ${m.vn}.` : ''}`,
      );
  return item(
    'establishment_registration_details',
    missing.length === 0,
    both(
      `${R.exportControl}: a registered establishment is identified by the occupier's name, the establishment's physical address and a contact; ${R.fssaiLicensing} require the same particulars.`,
      `${R.exportControl}: cơ sở đăng ký được xác định bằng tên người quản lý, địa chỉ thực tế của cơ sở và thông tin liên hệ; ${R.fssaiLicensing} yêu cầu các thông tin tương tự.`,
    ),
    evidence,
    both(
      `Add ${m.en} to the establishment registration exactly as registered with the Department of Agriculture, Fisheries and Forestry (or on the FSSAI licence).`,
      `Bổ sung ${m.vn} vào giấy đăng ký cơ sở, đúng như đã đăng ký với Bộ Nông nghiệp, Thủy sản và Lâm nghiệp Úc (hoặc trên giấy phép FSSAI).`,
    ),
    both(
      'Keep the registration details current; notify the Department within the required time when they change.',
      'Giữ thông tin đăng ký luôn cập nhật; báo cho Bộ trong thời hạn quy định khi có thay đổi.',
    ),
  );
};

const establishmentNumber: Check = ({ establishment }) => {
  const n = establishment.summary.establishment_registration_document.registration_number;
  return item(
    'establishment_registration_number',
    !!n,
    both(
      `${R.exportControl}: prescribed grain for export must be prepared at a registered establishment, identified by its establishment registration number.`,
      `${R.exportControl}: ngũ cốc xuất khẩu thuộc diện quy định phải được chuẩn bị tại cơ sở đã đăng ký, xác định bằng số đăng ký cơ sở.`,
    ),
    n
      ? both(`The establishment registration number is ${quote(n)}.`, `Số đăng ký cơ sở là ${quote(n)}.`)
      : both('The establishment document gives no registration or licence number.', 'Tài liệu của cơ sở không ghi số đăng ký hay số giấy phép.'),
    both(
      'Quote the establishment registration number (or FSSAI licence number) on the registration document and on export documentation.',
      'Ghi số đăng ký cơ sở (hoặc số giấy phép FSSAI) trên giấy đăng ký và trên hồ sơ xuất khẩu.',
    ),
    both('Quote this number on export documentation and notices of intention.', 'Ghi số này trên hồ sơ xuất khẩu và thông báo dự định xuất khẩu.'),
  );
};

const haccpPrinciples: Check = ({ haccpPlan }) => {
  const p = haccpPlan.summary.haccp_plan;
  const covered = HACCP_PRINCIPLES.filter((k) => substantial(p[k]));
  const missing = HACCP_PRINCIPLES.filter((k) => !covered.includes(k));
  const c = lists(
    covered.map((k) => PRINCIPLE[k].en),
    covered.map((k) => PRINCIPLE[k].vn),
  );
  const m = lists(
    missing.map((k) => PRINCIPLE[k].en),
    missing.map((k) => PRINCIPLE[k].vn),
    'or',
  );
  const example = covered.length
    ? both(` Under ${PRINCIPLE[covered[0]].en} it says ${quote(p[covered[0]])}.`, ` Ở phần ${PRINCIPLE[covered[0]].vn}, kế hoạch ghi ${quote(p[covered[0]])}.`)
    : both('', '');
  const evidence = !missing.length
    ? both(`The plan documents all 7 HACCP principles.${example.en}`, `Kế hoạch trình bày đủ 7 nguyên tắc HACCP.${example.vn}`)
    : !covered.length
      ? both('The plan documents none of the 7 HACCP principles.', 'Kế hoạch không trình bày nguyên tắc HACCP nào trong 7 nguyên tắc.')
      : both(
          `The plan documents ${covered.length} of the 7 HACCP principles (${c.en}); it does not document ${m.en}.${example.en}`,
          `Kế hoạch trình bày ${covered.length} trong 7 nguyên tắc HACCP (${c.vn}); kế hoạch chưa trình bày ${m.vn}.${example.vn}`,
        );
  const fixList = lists(
    missing.map((k) => PRINCIPLE[k].en),
    missing.map((k) => PRINCIPLE[k].vn),
  );
  return item(
    'haccp_seven_principles',
    missing.length === 0,
    both(
      `${R.codexHaccp}: a HACCP plan applies all seven principles; ${R.fsanz321} requires a food safety program that systematically identifies and controls hazards.`,
      `${R.codexHaccp}: kế hoạch HACCP áp dụng đủ bảy nguyên tắc; ${R.fsanz321} yêu cầu chương trình an toàn thực phẩm nhận diện và kiểm soát mối nguy một cách có hệ thống.`,
    ),
    evidence,
    both(
      `Add a section on ${fixList.en}, stating who does what, how often, and where it is recorded.`,
      `Bổ sung phần ${fixList.vn}, nêu rõ ai làm gì, bao lâu một lần và ghi chép ở đâu.`,
    ),
    both(
      'Review the HACCP plan whenever the process, products or hazards change.',
      'Xem xét lại kế hoạch HACCP mỗi khi quy trình, sản phẩm hoặc mối nguy thay đổi.',
    ),
  );
};

const haccpLimits: Check = ({ haccpPlan }) => {
  const limits = haccpPlan.summary.haccp_plan.critical_limits;
  const measurable = /\d+(?:[.,]\d+)?\s*(?:%|°\s*[CF]|deg|ppm|ppb|mg\/kg|µg\/kg|ug\/kg|hours?|hrs?|days?|minutes?|mins?|kg|g\b|ml|l\b|mm)/i.exec(limits);
  return item(
    'haccp_critical_limits_measurable',
    !!measurable,
    both(
      `${R.codexHaccp}, principle 3: each critical control point has a measurable critical limit; ${R.fsanz321}.`,
      `${R.codexHaccp}, nguyên tắc 3: mỗi điểm kiểm soát tới hạn có giới hạn tới hạn đo được; ${R.fsanz321}.`,
    ),
    !limits
      ? both('The HACCP plan states no critical limits.', 'Kế hoạch HACCP không nêu giới hạn tới hạn.')
      : measurable
        ? both(`The critical limits are measurable: ${quote(limits)}.`, `Giới hạn tới hạn đo được: ${quote(limits)}.`)
        : both(
            `The critical limits read ${quote(limits)}, which states no measurable value (a number with a unit).`,
            `Giới hạn tới hạn ghi ${quote(limits)}, không nêu giá trị đo được (con số kèm đơn vị).`,
          ),
    both(
      'State a measurable limit for each CCP (for example grain moisture ≤ 12.5 %, fumigant exposure ≥ 7 days at ≥ 15 °C, mycotoxin ≤ 5 µg/kg).',
      'Nêu giới hạn đo được cho từng CCP (ví dụ độ ẩm hạt ≤ 12,5 %, thời gian xông hơi ≥ 7 ngày ở ≥ 15 °C, độc tố nấm ≤ 5 µg/kg).',
    ),
    both('Validate the limits against current receival standards each season.', 'Đối chiếu các giới hạn với tiêu chuẩn tiếp nhận hiện hành mỗi vụ.'),
  );
};

const haccpMonitoringCorrective: Check = ({ haccpPlan }) => {
  const p = haccpPlan.summary.haccp_plan;
  const mon = substantial(p.monitoring_procedures);
  const cor = substantial(p.corrective_actions);
  const evidence =
    mon && cor
      ? both(
          `The plan describes monitoring (${quote(p.monitoring_procedures)}) and corrective actions (${quote(p.corrective_actions)}).`,
          `Kế hoạch mô tả việc giám sát (${quote(p.monitoring_procedures)}) và hành động khắc phục (${quote(p.corrective_actions)}).`,
        )
      : mon
        ? both(
            `The plan describes monitoring (${quote(p.monitoring_procedures)}) but no corrective actions.`,
            `Kế hoạch mô tả việc giám sát (${quote(p.monitoring_procedures)}) nhưng không có hành động khắc phục.`,
          )
        : cor
          ? both(
              `The plan describes corrective actions (${quote(p.corrective_actions)}) but no monitoring.`,
              `Kế hoạch mô tả hành động khắc phục (${quote(p.corrective_actions)}) nhưng không có việc giám sát.`,
            )
          : both('The plan describes neither monitoring nor corrective actions.', 'Kế hoạch không mô tả việc giám sát lẫn hành động khắc phục.');
  return item(
    'haccp_monitoring_and_corrective_actions',
    mon && cor,
    both(
      `${R.codexHaccp}, principles 4 and 5; ${R.fsanz321}: monitoring of each CCP and the corrective action to take when a limit is exceeded must be documented.`,
      `${R.codexHaccp}, nguyên tắc 4 và 5; ${R.fsanz321}: phải ghi rõ cách giám sát từng CCP và hành động khắc phục khi vượt giới hạn.`,
    ),
    evidence,
    both(
      'Document how each CCP is monitored (what, how, how often, by whom) and what is done with affected grain when a limit is exceeded.',
      'Ghi rõ cách giám sát từng CCP (cái gì, thế nào, bao lâu một lần, ai làm) và xử lý lô hạt bị ảnh hưởng ra sao khi vượt giới hạn.',
    ),
    both(
      'Keep monitoring and corrective action records for at least the retention period required by the importing country.',
      'Lưu hồ sơ giám sát và khắc phục ít nhất trong thời hạn nước nhập khẩu yêu cầu.',
    ),
  );
};

/** The plan was reviewed within a year of the audit date. */
const reviewedWithinYear = (name: string, what: Both, date: string, asOf: Date, requirement: Both): AuditItem => {
  const iso = parseDate(date);
  const age = iso ? Math.round((asOf.getTime() - Date.parse(iso)) / DAY) : undefined;
  const ok = age !== undefined && age <= PLAN_REVIEW_DAYS && age >= -PLAN_REVIEW_DAYS;
  const evidence = !date
    ? both(`The ${what.en} gives no review date.`, `${cap(what.vn)} không ghi ngày xem xét.`)
    : age === undefined
      ? both(`The review date of the ${what.en}, ${quote(date)}, is not a date.`, `Ngày xem xét của ${what.vn}, ${quote(date)}, không phải là một ngày hợp lệ.`)
      : age >= 0
        ? both(
            `The ${what.en} was last reviewed on ${dayText(iso!)}, ${age} days before the audit date${ok ? '' : ', more than a year'}.`,
            `${cap(what.vn)} được xem xét lần cuối ngày ${dayText(iso!)}, ${age} ngày trước ngày kiểm tra${ok ? '' : ', quá một năm'}.`,
          )
        : both(
            `The ${what.en} gives the review date ${dayText(iso!)}, ${-age} days after the audit date.`,
            `${cap(what.vn)} ghi ngày xem xét ${dayText(iso!)}, ${-age} ngày sau ngày kiểm tra.`,
          );
  const next = iso ? dayText(new Date(Date.parse(iso) + 365 * DAY).toISOString().slice(0, 10)) : undefined;
  return item(
    name,
    ok,
    requirement,
    evidence,
    both(
      `Review the ${what.en} at least once a year and write the review date on the document.`,
      `Xem xét ${what.vn} ít nhất mỗi năm một lần và ghi ngày xem xét trên tài liệu.`,
    ),
    both(
      next ? `The next review is due by ${next}.` : 'The next review is due by the anniversary of this one.',
      next ? `Lần xem xét tiếp theo chậm nhất vào ${next}.` : 'Lần xem xét tiếp theo chậm nhất vào ngày này năm sau.',
    ),
  );
};
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const haccpReview: Check = ({ haccpPlan }, asOf) =>
  reviewedWithinYear(
    'haccp_plan_review',
    both('HACCP plan', 'kế hoạch HACCP'),
    haccpPlan.summary.haccp_plan.review_date,
    asOf,
    both(
      `${R.fsanz321}: the food safety program is reviewed at least annually.`,
      `${R.fsanz321}: chương trình an toàn thực phẩm được xem xét ít nhất mỗi năm một lần.`,
    ),
  );

export { establishmentDetails, establishmentNumber, haccpPrinciples, haccpLimits, haccpMonitoringCorrective, haccpReview, substantial, DAY, PEST_RECENCY_DAYS };
