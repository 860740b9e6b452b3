import type { PestControlEntry } from '@grain/domain';
import type { AuditInput } from './auditor';
import { REGULATIONS as R } from './regulations';
import { both, count, dayText, item, listIn, lists, quote, type Both } from './rule-check-text';
import { DAY, PEST_RECENCY_DAYS, substantial, type Check } from './rule-checks';
import { parseDate } from './text-values';

/** The embedded auditor's checks of the pest control log, the farm management plan, and across documents. */
const entriesOf = (i: AuditInput) => i.pestControl.summary.entries;

/** One log entry in a sentence's brackets: what was treated, with what, where. */
function describeEntry(e: PestControlEntry): Both {
  const part = (v: string[], en: string, vn: string): Both => (v.length ? both(listIn('en', v), listIn('vn', v)) : both(en, vn));
  const pests = part(e.pests_treating_for, 'no pests named', 'không ghi loài gây hại');
  const chems = part(e.bait_chemical_used, 'no bait or chemical named', 'không ghi mồi hay hóa chất');
  const areas = part(e.area_shed_treated, 'no area named', 'không ghi khu vực');
  return both(`${pests.en}; ${chems.en}; ${areas.en}`, `${pests.vn}; ${chems.vn}; ${areas.vn}`);
}
const NO_ENTRIES = both('The pest control log has no entries.', 'Nhật ký kiểm soát dịch hại không có mục nào.');
const datesOf = (entries: PestControlEntry[]) => entries.map((e) => (e.date ? dayText(e.date) : '?'));

const pestRecent: Check = (input, asOf) => {
  const entries = entriesOf(input);
  const dated = entries
    .map((e) => ({ e, iso: parseDate(e.date) }))
    .filter((x) => x.iso)
    .sort((a, b) => b.iso!.localeCompare(a.iso!));
  const latest = dated[0];
  const age = latest ? Math.floor((asOf.getTime() - Date.parse(latest.iso!)) / DAY) : undefined;
  const n = count(entries.length, 'log entry', 'log entries', 'mục nhật ký');
  const d = latest ? describeEntry(latest.e) : undefined;
  return item(
    'pest_control_records_recent',
    age !== undefined && age <= PEST_RECENCY_DAYS,
    both(
      `${R.exportControl}: premises where prescribed grain is stored are kept free of pests under a documented pest control program; ${R.fsanz322}, clause 24 (animals and pests); ${R.fssaiSchedule4}.`,
      `${R.exportControl}: nơi bảo quản ngũ cốc thuộc diện quy định phải không có dịch hại nhờ một chương trình kiểm soát dịch hại có hồ sơ; ${R.fsanz322}, điều 24 (động vật và dịch hại); ${R.fssaiSchedule4}.`,
    ),
    latest && d
      ? both(
          `The latest of ${n.en} is dated ${dayText(latest.iso!)} (${d.en}), ${age} days before the audit date; the limit is ${PEST_RECENCY_DAYS} days.`,
          `Mục mới nhất trong ${n.vn} ghi ngày ${dayText(latest.iso!)} (${d.vn}), ${age} ngày trước ngày kiểm tra; giới hạn là ${PEST_RECENCY_DAYS} ngày.`,
        )
      : entries.length
        ? both(`None of the ${n.en} carries a date.`, `Không mục nào trong ${n.vn} có ngày.`)
        : NO_ENTRIES,
    both(
      `Inspect and treat at least every ${PEST_RECENCY_DAYS} days (monthly during the storage season) and record each visit in the pest control log.`,
      `Kiểm tra và xử lý ít nhất ${PEST_RECENCY_DAYS} ngày một lần (hằng tháng trong mùa bảo quản) và ghi từng lần vào nhật ký kiểm soát dịch hại.`,
    ),
    both('Keep the inspection interval; retain the log with the export documentation.', 'Duy trì chu kỳ kiểm tra; lưu nhật ký cùng hồ sơ xuất khẩu.'),
  );
};

const everyEntry =
  (name: string, field: 'bait_chemical_used' | 'area_shed_treated', what: Both, requirement: Both, fix: Both): Check =>
  (input) => {
    const entries = entriesOf(input);
    const lacking = entries.filter((e) => e[field].length === 0);
    const ok = entries.length > 0 && lacking.length === 0;
    const named = [...new Set(entries.flatMap((e) => e[field]))].slice(0, 8).map(quote);
    const list = lists(named, named);
    const without = lists(datesOf(lacking), datesOf(lacking));
    const evidence = !entries.length
      ? NO_ENTRIES
      : !lacking.length
        ? both(
            `${entries.length === 1 ? 'The only entry names' : `All ${entries.length} entries name`} the ${what.en}: ${list.en}.`,
            `${entries.length === 1 ? 'Mục duy nhất ghi' : `Cả ${entries.length} mục đều ghi`} ${what.vn}: ${list.vn}.`,
          )
        : lacking.length === entries.length
          ? both(`No entry names the ${what.en}.`, `Không mục nào ghi ${what.vn}.`)
          : both(
              `${entries.length - lacking.length} of ${entries.length} entries name the ${what.en} (${list.en}); the ${lacking.length === 1 ? 'entry' : 'entries'} of ${without.en} ${lacking.length === 1 ? 'does' : 'do'} not.`,
              `${entries.length - lacking.length} trong ${entries.length} mục ghi ${what.vn} (${list.vn}); mục ngày ${without.vn} không ghi.`,
            );
    return item(name, ok, requirement, evidence, fix, both('Continue recording this for every treatment.', 'Tiếp tục ghi thông tin này cho mỗi lần xử lý.'));
  };

const pestChemicals = everyEntry(
  'pest_control_chemicals_recorded',
  'bait_chemical_used',
  both('bait or chemical used', 'mồi hoặc hóa chất đã dùng'),
  both(
    `${R.agvet}: each treatment records the registered product used; ${R.exportControl} (records of treatments applied to prescribed goods and premises).`,
    `${R.agvet}: mỗi lần xử lý ghi sản phẩm đã đăng ký được dùng; ${R.exportControl} (hồ sơ xử lý hàng hóa và cơ sở thuộc diện quy định).`,
  ),
  both(
    'Record the product name, active constituent and rate of every bait or chemical applied, and use only APVMA-registered products approved for grain storage.',
    'Ghi tên sản phẩm, hoạt chất và liều lượng của mọi loại mồi hoặc hóa chất đã dùng, và chỉ dùng sản phẩm được APVMA đăng ký cho bảo quản ngũ cốc.',
  ),
);
const pestAreas = everyEntry(
  'pest_control_areas_recorded',
  'area_shed_treated',
  both('areas or sheds treated', 'khu vực hoặc kho đã xử lý'),
  both(
    `${R.exportControl}; ${R.fsanz322}, clause 24: the places treated must be identifiable so contamination of stored grain can be ruled out.`,
    `${R.exportControl}; ${R.fsanz322}, điều 24: nơi đã xử lý phải xác định được để loại trừ khả năng nhiễm bẩn ngũ cốc đang bảo quản.`,
  ),
  both(
    'Record which silo, shed or area each treatment covered (a site map with numbered bait stations helps).',
    'Ghi rõ mỗi lần xử lý ở silo, kho hay khu vực nào (nên có sơ đồ cơ sở với các trạm mồi được đánh số).',
  ),
);

const pestActivity: Check = (input) => {
  const entries = entriesOf(input);
  const lacking = entries.filter((e) => !e.pests_treating_for.length || !Object.keys(e.activity_level).length);
  const ok = entries.length > 0 && lacking.length === 0;
  const sample = entries.find((e) => Object.keys(e.activity_level).length);
  const levels = sample ? Object.entries(sample.activity_level).map(([pest, level]) => `${pest} (${level})`) : [];
  const eg = sample
    ? both(`, for example on ${dayText(sample.date)}: ${listIn('en', levels)}`, `, ví dụ ngày ${dayText(sample.date)}: ${listIn('vn', levels)}`)
    : both('', '');
  const without = lists(datesOf(lacking), datesOf(lacking));
  const evidence = !entries.length
    ? NO_ENTRIES
    : !lacking.length
      ? both(
          `${entries.length === 1 ? 'The only entry records' : `All ${entries.length} entries record`} the pests targeted and their activity${eg.en}.`,
          `${entries.length === 1 ? 'Mục duy nhất ghi' : `Cả ${entries.length} mục đều ghi`} loài gây hại và mức độ hoạt động${eg.vn}.`,
        )
      : lacking.length === entries.length
        ? both('No entry records both the pests targeted and their activity.', 'Không mục nào ghi đủ loài gây hại và mức độ hoạt động.')
        : both(
            `${entries.length - lacking.length} of ${entries.length} entries record the pests targeted and their activity${eg.en}; the ${lacking.length === 1 ? 'entry' : 'entries'} of ${without.en} ${lacking.length === 1 ? 'does' : 'do'} not.`,
            `${entries.length - lacking.length} trong ${entries.length} mục ghi loài gây hại và mức độ hoạt động${eg.vn}; mục ngày ${without.vn} không ghi.`,
          );
  return item(
    'pest_activity_monitoring',
    ok,
    both(
      `${R.fssaiSchedule4}; ${R.fsanz322}, clause 24: pest activity is monitored so that treatment responds to what is found.`,
      `${R.fssaiSchedule4}; ${R.fsanz322}, điều 24: hoạt động của dịch hại được giám sát để việc xử lý phù hợp với thực tế.`,
    ),
    evidence,
    both(
      'Record, for each visit, the pests targeted and the activity level found at each station (none / low / medium / high).',
      'Mỗi lần kiểm tra, ghi loài gây hại và mức độ hoạt động tại từng trạm (không có / thấp / trung bình / cao).',
    ),
    both('Trend activity levels over time and escalate when activity rises.', 'Theo dõi xu hướng mức độ hoạt động và xử lý tăng cường khi hoạt động tăng.'),
  );
};

const planSection =
  (name: string, key: 'storage_and_hygiene' | 'chemical_handling' | 'traceability' | 'staff_training', what: Both, requirement: Both, fix: Both): Check =>
  ({ managementPlan }) => {
    const v = managementPlan.summary.management_plan[key];
    const ok = substantial(v);
    const evidence = !v
      ? both(`The farm management plan has no section on ${what.en}.`, `Kế hoạch quản lý trang trại không có phần về ${what.vn}.`)
      : ok
        ? both(`On ${what.en}, the farm management plan says ${quote(v)}.`, `Về ${what.vn}, kế hoạch quản lý trang trại ghi ${quote(v)}.`)
        : both(
            `On ${what.en}, the farm management plan says only ${quote(v)}, too little to describe a procedure.`,
            `Về ${what.vn}, kế hoạch quản lý trang trại chỉ ghi ${quote(v)}, quá ít để mô tả một quy trình.`,
          );
    return item(
      name,
      ok,
      requirement,
      evidence,
      fix,
      both(`Keep the ${what.en} procedures in the annual review.`, `Đưa quy trình ${what.vn} vào đợt xem xét hằng năm.`),
    );
  };

const planStorage = planSection(
  'management_plan_storage_hygiene',
  'storage_and_hygiene',
  both('storage and hygiene', 'bảo quản và vệ sinh'),
  both(
    `${R.exportControl}: prescribed grain is stored so that it is free of pests, contaminants and residues; ${R.fsanz322} (cleanliness and storage).`,
    `${R.exportControl}: ngũ cốc thuộc diện quy định được bảo quản sao cho không có dịch hại, tạp chất và dư lượng; ${R.fsanz322} (vệ sinh và bảo quản).`,
  ),
  both(
    'Describe how silos, sheds and equipment are cleaned and inspected before harvest and how stored grain is protected from contamination.',
    'Mô tả cách làm sạch và kiểm tra silo, kho và thiết bị trước thu hoạch, và cách bảo vệ ngũ cốc đang bảo quản khỏi nhiễm bẩn.',
  ),
);
const planChemicals = planSection(
  'management_plan_chemical_handling',
  'chemical_handling',
  both('chemical handling', 'quản lý hóa chất'),
  both(
    `${R.agvet}: only registered chemicals used per label, with withholding periods observed and applications recorded; Australia New Zealand Food Standards Code, Schedule 20 (maximum residue limits).`,
    `${R.agvet}: chỉ dùng hóa chất đã đăng ký theo nhãn, tuân thủ thời gian cách ly và ghi chép mỗi lần sử dụng; Australia New Zealand Food Standards Code, Schedule 20 (giới hạn dư lượng tối đa).`,
  ),
  both(
    'Add chemical handling: the approved product list, storage away from grain, withholding periods, and spray and fumigation records.',
    'Bổ sung phần quản lý hóa chất: danh mục sản phẩm được phép, cất giữ tách biệt với ngũ cốc, thời gian cách ly, và hồ sơ phun thuốc, xông hơi.',
  ),
);
const planTraceability = planSection(
  'management_plan_traceability',
  'traceability',
  both('traceability', 'truy xuất nguồn gốc'),
  both(
    `${R.exportControlAct} and ${R.exportControl}: exported goods must be traceable to their source; FSSAI Food Safety and Standards (Food Recall Procedure) Regulations, 2017.`,
    `${R.exportControlAct} và ${R.exportControl}: hàng xuất khẩu phải truy xuất được nguồn gốc; FSSAI Food Safety and Standards (Food Recall Procedure) Regulations, 2017.`,
  ),
  both(
    'Describe how each load is identified (paddock, silo, lot or batch number) from harvest to outturn, and how records are kept.',
    'Mô tả cách nhận diện từng chuyến hàng (thửa ruộng, silo, số lô) từ thu hoạch đến xuất kho, và cách lưu hồ sơ.',
  ),
);
const planTraining = planSection(
  'management_plan_staff_training',
  'staff_training',
  both('staff training', 'đào tạo nhân viên'),
  both(
    `${R.fsanz322}, clause 3 (skills and knowledge); ${R.fssaiSchedule4} (training of food handlers).`,
    `${R.fsanz322}, điều 3 (kỹ năng và kiến thức); ${R.fssaiSchedule4} (đào tạo người xử lý thực phẩm).`,
  ),
  both(
    'Record who is trained in grain hygiene, chemical handling and HACCP, when, and when refresher training is due.',
    'Ghi rõ ai đã được đào tạo về vệ sinh ngũ cốc, quản lý hóa chất và HACCP, vào lúc nào, và khi nào cần đào tạo lại.',
  ),
);

/** Cross-check: the plans belong to the registered establishment (same business named). */
const consistentBusiness: Check = ({ establishment, haccpPlan, managementPlan }) => {
  const reg = establishment.summary.establishment_registration_document.name_of_establishment;
  const key = (s: string) =>
    s
      .toLowerCase()
      .replace(/\b(pty|ltd|limited|inc|co|the|farm|farms|and|&)\b/g, ' ')
      .replace(/[^a-z0-9 ]/g, ' ')
      .split(/\s+/)
      .filter((w) => w.length > 2);
  const regWords = key(reg);
  const plans = [
    { name: haccpPlan.summary.haccp_plan.business_name, what: both('the HACCP plan', 'kế hoạch HACCP') },
    { name: managementPlan.summary.management_plan.farm_name, what: both('the farm management plan', 'kế hoạch quản lý trang trại') },
  ];
  const matches = (n: string) => !!n && key(n).some((w) => regWords.includes(w));
  const ok = !!reg && plans.some((p) => matches(p.name));
  const said = plans.map((p) => (p.name ? both(`${p.what.en} names ${quote(p.name)}`, `${p.what.vn} ghi ${quote(p.name)}`) : undefined));
  const named = said.filter((x): x is Both => !!x);
  const plansSay = !named.length
    ? both(
        'neither the HACCP plan nor the farm management plan names a business',
        'cả kế hoạch HACCP lẫn kế hoạch quản lý trang trại đều không ghi tên doanh nghiệp',
      )
    : lists(
        named.map((x) => x.en),
        named.map((x) => x.vn),
      );
  const unnamed = plans.filter((p) => !p.name).map((p) => p.what);
  const silent = named.length && unnamed.length ? both(`; ${unnamed[0].en} names no business`, `; ${unnamed[0].vn} không ghi tên doanh nghiệp`) : both('', '');
  const evidence = !reg
    ? both(
        `The establishment registration names no establishment, so the plans cannot be matched to it (${plansSay.en}${silent.en}).`,
        `Giấy đăng ký cơ sở không ghi tên cơ sở nên không thể đối chiếu với các kế hoạch (${plansSay.vn}${silent.vn}).`,
      )
    : ok
      ? both(`The registration names ${quote(reg)}; ${plansSay.en}${silent.en}.`, `Giấy đăng ký ghi ${quote(reg)}; ${plansSay.vn}${silent.vn}.`)
      : named.length
        ? both(
            `The registration names ${quote(reg)}, but ${plansSay.en}${silent.en}: not the registered business.`,
            `Giấy đăng ký ghi ${quote(reg)}, nhưng ${plansSay.vn}${silent.vn}: không phải doanh nghiệp đã đăng ký.`,
          )
        : both(`The registration names ${quote(reg)}, but ${plansSay.en}.`, `Giấy đăng ký ghi ${quote(reg)}, nhưng ${plansSay.vn}.`);
  return item(
    'documents_name_same_establishment',
    ok,
    both(
      `${R.exportControl}: the approved arrangement and its plans must relate to the registered establishment.`,
      `${R.exportControl}: thỏa thuận được phê duyệt và các kế hoạch kèm theo phải gắn với cơ sở đã đăng ký.`,
    ),
    evidence,
    both(
      'Make sure the HACCP plan and the farm management plan name the registered establishment.',
      'Bảo đảm kế hoạch HACCP và kế hoạch quản lý trang trại ghi đúng tên cơ sở đã đăng ký.',
    ),
    both('Update all plans together when the business name changes.', 'Cập nhật đồng thời mọi kế hoạch khi tên doanh nghiệp thay đổi.'),
  );
};

export const FARM_CHECKS: Check[] = [
  pestRecent,
  pestChemicals,
  pestAreas,
  pestActivity,
  planStorage,
  planChemicals,
  planTraceability,
  planTraining,
  consistentBusiness,
];
