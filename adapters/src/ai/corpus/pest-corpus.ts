import type { CorpusDocument } from './corpus-types';

/** Pest control logs: a contractor's PDF log table, a Word service record with its own column names, visit notes under dated headings. */
export const PEST_CORPUS: CorpusDocument[] = [
  {
    fileName: 'Wimmera pest control log.pdf',
    format: 'pdf',
    blocks: [
      { h: 'Pest Control Log — Wimmera Grain Storage' },
      { p: 'Contractor: Wimmera Pest Services (licence PMT-2231)' },
      {
        header: true,
        widths: [12, 18, 20, 26, 24],
        table: [
          ['Date', 'Pest(s)', 'Activity', 'Bait / chemical used', 'Area / shed'],
          ['07/01/2026', 'Rats, mice', ['Rats – low', 'mice – medium'], 'Brodifacoum 0.005% wax blocks', 'Shed 1, Silo bank A'],
          ['04/02/2026', 'Lesser grain borer', 'Low (2 per kg)', 'Phosphine (Fumitoxin pellets)', 'Silos 3 and 4'],
          ['03/03/2026', 'Rats, mice, sparrows', 'Nil', 'Brodifacoum 0.005% wax blocks; bird netting checked', 'Shed 1, Shed 2, weighbridge'],
        ],
      },
      { p: 'Stations are numbered on the site map kept in the office.' },
    ],
    expected: {
      type: 'pest_control_update',
      fields: {
        pest_control_operator: 'Wimmera Pest Services (licence PMT-2231)',
        entries: [
          {
            date: '2026-01-07',
            pests_treating_for: ['Rats', 'mice'],
            activity_level: { Rats: 'low', mice: 'medium' },
            bait_chemical_used: ['Brodifacoum 0.005% wax blocks'],
            area_shed_treated: ['Shed 1', 'Silo bank A'],
          },
          {
            date: '2026-02-04',
            pests_treating_for: ['Lesser grain borer'],
            activity_level: { 'Lesser grain borer': 'Low (2 per kg)' },
            bait_chemical_used: ['Phosphine (Fumitoxin pellets)'],
            area_shed_treated: ['Silos 3 and 4'],
          },
          {
            date: '2026-03-03',
            pests_treating_for: ['Rats', 'mice', 'sparrows'],
            activity_level: { Rats: 'Nil', mice: 'Nil', sparrows: 'Nil' },
            bait_chemical_used: ['Brodifacoum 0.005% wax blocks', 'bird netting checked'],
            area_shed_treated: ['Shed 1', 'Shed 2', 'weighbridge'],
          },
        ],
      },
    },
  },
  {
    fileName: 'Karinya rodent and insect control record.docx',
    format: 'docx',
    blocks: [
      { h: 'Rodent and Insect Control Record' },
      { p: 'Property: Karinya, Minyip' },
      { p: 'Service provider: Agri-Pest Solutions Pty Ltd, Horsham (Lic. 44120)' },
      {
        header: true,
        table: [
          ['Service date', 'Target pest', 'Findings', 'Product / rate', 'Location treated', 'Technician'],
          [
            '12 Jan 2026',
            'House mice',
            'Low – fresh droppings near field bin 2',
            'Ratsak Double Strength (difenacoum) – 6 blocks',
            'Machinery shed; field bins 1–3',
            'J. Murphy',
          ],
          ['9 Feb 2026', 'Rust-red flour beetle', 'Medium', ['Phosphine tablets (Phostoxin)', '3 tablets/t'], 'Silo 2', 'J. Murphy'],
          ['10 Mar 2026', 'House mice', 'None found', 'No treatment required', 'All stations', 'J. Murphy'],
        ],
      },
    ],
    expected: {
      type: 'pest_control_update',
      fields: {
        pest_control_operator: 'Agri-Pest Solutions Pty Ltd, Horsham (Lic. 44120)',
        entries: [
          {
            date: '2026-01-12',
            pests_treating_for: ['House mice'],
            activity_level: { 'House mice': 'Low – fresh droppings near field bin 2' },
            bait_chemical_used: ['Ratsak Double Strength (difenacoum) – 6 blocks'],
            area_shed_treated: ['Machinery shed', 'field bins 1–3'],
          },
          {
            date: '2026-02-09',
            pests_treating_for: ['Rust-red flour beetle'],
            activity_level: { 'Rust-red flour beetle': 'Medium' },
            bait_chemical_used: ['Phosphine tablets (Phostoxin), 3 tablets/t'],
            area_shed_treated: ['Silo 2'],
          },
          {
            date: '2026-03-10',
            pests_treating_for: ['House mice'],
            activity_level: { 'House mice': 'None found' },
            bait_chemical_used: [],
            area_shed_treated: ['All stations'],
          },
        ],
      },
    },
  },
  {
    fileName: 'Mallee Bulk pest management program.pdf',
    format: 'pdf',
    blocks: [
      { h: 'Pest Management Program – Mallee Bulk Handling' },
      { p: 'Pest controller: Sunraysia Pest Management, licence 2024-PC-0091' },
      { h: 'Inspection schedule', level: 2 },
      { p: 'Bait stations are inspected monthly and silos are checked for insects every four weeks during storage.' },
      { h: 'Service visits', level: 2 },
      { h: 'Visit – 15 January 2026', level: 3 },
      { list: ['Pests: rats, house mice', 'Activity: low at stations 4 and 7', 'Baits: Contrac blox (bromadiolone 0.005%)', 'Areas: grain shed, workshop'] },
      { h: 'Visit – 14 February 2026', level: 3 },
      { list: ['Pests: lesser grain borer', 'Activity: high in silo 6', 'Treatment: phosphine fumigation, 10 days sealed', 'Areas: silo 6'] },
      { h: 'Visit – 16 March 2026', level: 3 },
      { list: ['Pests: rats', 'Activity: none', 'Baits: Contrac blox replaced', 'Areas: grain shed'] },
    ],
    expected: {
      type: 'pest_control_update',
      fields: {
        pest_control_operator: 'Sunraysia Pest Management, licence 2024-PC-0091',
        entries: [
          {
            date: '2026-01-15',
            pests_treating_for: ['rats', 'house mice'],
            activity_level: { rats: 'low at stations 4 and 7', 'house mice': 'low at stations 4 and 7' },
            bait_chemical_used: ['Contrac blox (bromadiolone 0.005%)'],
            area_shed_treated: ['grain shed', 'workshop'],
          },
          {
            date: '2026-02-14',
            pests_treating_for: ['lesser grain borer'],
            activity_level: { 'lesser grain borer': 'high in silo 6' },
            bait_chemical_used: ['phosphine fumigation, 10 days sealed'],
            area_shed_treated: ['silo 6'],
          },
          {
            date: '2026-03-16',
            pests_treating_for: ['rats'],
            activity_level: { rats: 'none' },
            bait_chemical_used: ['Contrac blox replaced'],
            area_shed_treated: ['grain shed'],
          },
        ],
      },
    },
  },
];
