import type { ComplianceDocumentType } from '@grain/domain';

/**
 * Sample farm documents for tests, demos and the e2e run: a compliant set and a deficient set, as
 * lines of text (one paragraph each). Pest log dates are relative to `asOf` so "recent" stays true.
 * Render them with `sampleDocumentHtml` (for the PDF renderer) or `buildDocx`.
 */
export type SampleSet = Record<ComplianceDocumentType, string[]>;

const day = (asOf: Date, back: number) => new Date(asOf.getTime() - back * 86_400_000);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const au = (d: Date) => `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;

export function compliantSamples(asOf: Date): SampleSet {
  return {
    establishment_update: [
      'Establishment Registration Certificate',
      'Name of Establishment: Green Valley Grains Pty Ltd',
      'Registration Number: EST-4471-VIC',
      'Address: 1250 Wimmera Highway, Horsham VIC 3400, Australia',
      'Telephone: +61 3 5382 1100',
      'Email: office@greenvalleygrains.com.au',
      'Website: https://www.greenvalleygrains.com.au',
      'Contact Person: Margaret Nguyen (Occupier)',
      'Operations: Receival, storage and outloading of barley and wheat for export',
    ],
    haccp_plan_update: [
      'HACCP Plan — Grain Receival and Storage',
      'Business Name: Green Valley Grains Pty Ltd',
      'Scope: Receival, drying, storage and outloading of malting barley and milling wheat',
      'Principle 1 - Hazard Analysis',
      'Biological (storage insects, moulds), chemical (pesticide residues, mycotoxins) and physical (stones, glass) hazards are identified at each step from receival to outloading.',
      'Principle 2 - Critical Control Points',
      'CCP1 receival moisture testing; CCP2 fumigation of stored grain; CCP3 outloading screening.',
      'Principle 3 - Critical Limits',
      'Moisture at receival not above 12.5%; phosphine fumigation at least 7 days above 15 °C; aflatoxin not above 5 µg/kg.',
      'Principle 4 - Monitoring Procedures',
      'Every load is tested for moisture by the receival officer; fumigation gas levels are read daily by the storage manager.',
      'Principle 5 - Corrective Actions',
      'Loads above the moisture limit are diverted to the dryer; failed fumigations are repeated and the grain is held until retested.',
      'Principle 6 - Verification Procedures',
      'Monthly review of records by the quality manager and annual external audit of the plan.',
      'Principle 7 - Record Keeping',
      'Receival tickets, fumigation logs and corrective action forms are kept for five years.',
      `Review Date: ${iso(day(asOf, 40))}`,
    ],
    management_plan_update: [
      'Farm Management Plan',
      'Farm Name: Green Valley Grains Pty Ltd',
      'Crops: Barley, Wheat',
      'Storage and Hygiene:',
      'Silos and sheds are swept, cleaned and inspected for residues and insects before each harvest; grain is stored in sealed silos.',
      'Chemical Handling:',
      'Only APVMA-registered products are used according to label; chemicals are kept in a locked store away from grain; withholding periods are recorded in the spray diary.',
      'Traceability:',
      'Each load carries a paddock and silo lot number recorded on the receival ticket through to the outturn.',
      'Staff Training:',
      'All operators complete grain hygiene and chemical handling training at induction, refreshed every two years.',
      'Water and Soil:',
      'Soil tests every three years; no irrigation.',
      `Review Date: ${iso(day(asOf, 60))}`,
    ],
    pest_control_update: [
      'Pest Control Plan and Treatment Log',
      'Pest Control Operator: Wimmera Pest Services (licence PC-2231)',
      `Date: ${au(day(asOf, 70))}`,
      'Pests treating for: Rats, Mice',
      'Activity level: Rats - Low; Mice - Medium',
      'Bait/Chemicals used: Brodifacoum 0.005% wax blocks',
      'Areas/Sheds treated: Shed 1, Silo bank A',
      `Date: ${au(day(asOf, 12))}`,
      'Pests treating for: Lesser grain borer, Rats',
      'Activity level: Lesser grain borer - Low; Rats - None',
      'Bait/Chemicals used: Phosphine (aluminium phosphide), Brodifacoum 0.005% wax blocks',
      'Areas/Sheds treated: Silo 3, Shed 1',
    ],
  };
}

/** Same farm, with gaps an auditor must find: no contact or number, three HACCP principles, an old pest log without chemicals or areas, no chemical or traceability section. */
export function deficientSamples(asOf: Date): SampleSet {
  return {
    establishment_update: ['Establishment Registration', 'Name of Establishment: Dry Creek Farm', 'Address: Lot 7 Dry Creek Road, Nhill VIC 3418'],
    haccp_plan_update: [
      'HACCP Plan',
      'Business Name: Dry Creek Farm',
      'Hazard Analysis: insects and moulds in stored grain.',
      'Critical Control Points: fumigation of stored grain.',
      'Critical Limits: grain should be kept dry.',
      `Review Date: ${iso(day(asOf, 800))}`,
    ],
    management_plan_update: [
      'Farm Management Plan',
      'Farm Name: Dry Creek Farm',
      'Crops: Wheat',
      'Storage and Hygiene:',
      'Silos are checked before harvest and cleaned when needed by the farm owner.',
    ],
    pest_control_update: [
      'Pest Control Log',
      `Date: ${au(day(asOf, 200))}`,
      'Pests treating for: Rats',
      'Activity level: Rats - High',
      `Date: ${au(day(asOf, 150))}`,
      'Pests treating for: Mice',
    ],
  };
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A printable HTML page of the lines (first line as the title) for ChromiumPdfRenderer.render. */
export function sampleDocumentHtml(lines: string[]): string {
  const [title, ...rest] = lines;
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;font-size:11pt}</style></head><body><h1>${esc(title)}</h1>${rest.map((l) => `<p>${esc(l)}</p>`).join('')}</body></html>`;
}
