import type { CorpusDocument } from './corpus-types';

/** HACCP plans: one written section by section with tables and lists, one built around a HACCP control chart. */
export const HACCP_CORPUS: CorpusDocument[] = [
  {
    fileName: 'Green Valley HACCP plan v4.2.docx',
    format: 'docx',
    blocks: [
      { h: 'HACCP Food Safety Plan' },
      { p: 'Grain receival, storage and outloading' },
      {
        table: [
          ['Business', 'Green Valley Grains Pty Ltd'],
          ['Plan version', '4.2'],
          ['Last reviewed', '12/02/2026'],
          ['Next review', 'February 2027'],
        ],
      },
      { h: '1. Scope', level: 2 },
      { p: 'Receival, drying, storage and outloading of malting barley and milling wheat at the Horsham site.' },
      { h: '2. Hazard analysis', level: 2 },
      {
        header: true,
        table: [
          ['Process step', 'Hazard', 'Type', 'Control measure'],
          ['Receival', 'Stored grain insects', 'Biological', 'Inspection and sieving of every load'],
          ['Storage', 'Mould and mycotoxins from damp grain', 'Biological / chemical', 'Moisture testing and aeration'],
          ['Fumigation', 'Phosphine residue above the MRL', 'Chemical', 'Label rates and withholding period before outloading'],
          ['Outloading', 'Stones, glass, metal', 'Physical', 'Screening and magnet'],
        ],
      },
      { h: '3. Critical control points', level: 2 },
      { list: ['CCP1 – Receival moisture testing', 'CCP2 – Phosphine fumigation of sealed silos', 'CCP3 – Outloading screening'] },
      { h: '4. Critical limits', level: 2 },
      { list: ['Moisture at receival ≤ 12.5 %', 'Phosphine: at least 7 days exposure above 15 °C at 200 ppm', 'No live insects in a 1 kg outloading sample'] },
      { h: '5. Monitoring', level: 2 },
      {
        p: 'The receival officer tests every load with a calibrated moisture meter. The storage manager reads phosphine concentration daily during fumigation.',
      },
      { h: '6. Corrective actions', level: 2 },
      {
        p: 'Loads above 12.5 % moisture are diverted to the dryer. A fumigation that does not hold concentration is repeated and the silo stays locked until retested.',
      },
      { h: '7. Verification', level: 2 },
      { p: 'The quality manager reviews receival and fumigation records monthly; an external auditor audits the plan each year.' },
      { h: '8. Records', level: 2 },
      { p: 'Receival tickets, fumigation logs, calibration records and corrective action reports are kept for five years.' },
    ],
    expected: {
      type: 'haccp_plan_update',
      fields: {
        business_name: 'Green Valley Grains Pty Ltd',
        scope: { has: ['Receival, drying, storage and outloading of malting barley and milling wheat'], not: ['Stored grain insects'] },
        hazard_analysis: { has: ['Stored grain insects', 'Phosphine residue above the MRL', 'Stones, glass, metal'], not: ['CCP1'] },
        critical_control_points: { has: ['CCP1 – Receival moisture testing', 'CCP2 – Phosphine fumigation of sealed silos', 'CCP3'], not: ['12.5'] },
        critical_limits: { has: ['≤ 12.5 %', '200 ppm', '1 kg'], not: ['calibrated'] },
        monitoring_procedures: { has: ['calibrated moisture meter', 'phosphine concentration daily'], not: ['diverted'] },
        corrective_actions: { has: ['diverted to the dryer', 'stays locked until retested'], not: ['quality manager'] },
        verification_procedures: { has: ['reviews receival and fumigation records monthly'], not: ['five years'] },
        record_keeping: { has: ['kept for five years'] },
        review_date: '2026-02-12',
      },
    },
  },
  {
    fileName: 'Mallee Bulk HACCP plan.pdf',
    format: 'pdf',
    landscape: true,
    blocks: [
      { h: 'HACCP Plan – Mallee Bulk Handling' },
      { p: 'Scope: storage of barley, wheat and lentils in 14 silos and packing of export containers at Ouyen.' },
      { h: 'Principle 1: Conduct a hazard analysis', level: 2 },
      {
        p: 'Hazards were identified for each step: insects and moulds (biological), fumigant and chemical residues (chemical), and foreign matter such as stones and glass (physical).',
      },
      { h: 'HACCP control chart', level: 2 },
      {
        header: true,
        widths: [13, 11, 17, 16, 15, 14, 14],
        table: [
          ['CCP', 'Hazard', 'Critical limit', 'Monitoring', 'Corrective action', 'Verification', 'Records'],
          [
            'CCP 1 Silo fumigation',
            'Live insects',
            'Phosphine at least 200 ppm for 7 days above 15 °C',
            'Gas reading daily by the site manager',
            'Re-seal the silo and fumigate again',
            'Weekly check of readings by the manager',
            'Fumigation register',
          ],
          [
            'CCP 2 Container packing',
            'Foreign matter',
            'Nil stones or glass in the container',
            'Visual check of every container',
            'Reject and re-clean the container',
            'Monthly review of records',
            'Container inspection sheet',
          ],
        ],
      },
      { p: 'Plan reviewed: 4 March 2026 by T. Castellano' },
    ],
    expected: {
      type: 'haccp_plan_update',
      fields: {
        business_name: 'Mallee Bulk Handling',
        scope: 'storage of barley, wheat and lentils in 14 silos and packing of export containers at Ouyen.',
        hazard_analysis: { has: ['insects and moulds (biological)', 'foreign matter such as stones and glass'] },
        critical_control_points: { has: ['CCP 1 Silo fumigation', 'CCP 2 Container packing'], not: ['Re-seal'] },
        critical_limits: { has: ['Phosphine at least 200 ppm for 7 days above 15 °C', 'Nil stones or glass in the container'], not: ['Gas reading'] },
        monitoring_procedures: { has: ['Gas reading daily by the site manager', 'Visual check of every container'], not: ['Reject'] },
        corrective_actions: { has: ['Re-seal the silo and fumigate again', 'Reject and re-clean the container'], not: ['Weekly'] },
        verification_procedures: { has: ['Weekly check of readings by the manager', 'Monthly review of records'] },
        record_keeping: { has: ['Fumigation register', 'Container inspection sheet'] },
        review_date: '2026-03-04',
      },
    },
  },
];
