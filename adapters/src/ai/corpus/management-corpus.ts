import type { CorpusDocument } from './corpus-types';

/** Farm management plans: a Word plan with lists under headings, a whole-farm plan with a cropping program table. */
export const MANAGEMENT_CORPUS: CorpusDocument[] = [
  {
    fileName: 'Karinya farm management plan 2025-26.docx',
    format: 'docx',
    blocks: [
      { h: 'Farm Management Plan 2025–26' },
      {
        table: [
          ['Farm', 'Karinya Farming Trust'],
          ['Property address', '2210 Boundary Road, Minyip VIC 3392'],
          ['Plan reviewed', '18 January 2026'],
        ],
      },
      { h: 'Crops grown', level: 2 },
      { list: ['Wheat – APW and AH (Scepter, Vixen)', 'Barley – malting (Spartacus CL) and feed', 'Lentils (PBA Hallmark XT)'] },
      { h: 'Grain storage and hygiene', level: 2 },
      {
        list: [
          'Silos and field bins are cleaned out, swept and inspected for insects four weeks before harvest.',
          'Empty storages are treated with diatomaceous earth; sealed silos are pressure tested every year.',
        ],
      },
      { h: 'Chemical use and storage', level: 2 },
      {
        p: 'Only APVMA-registered products are used, at label rates. Chemicals are stored in a locked, bunded shed away from grain and seed. Every application is entered in the spray diary with the withholding period.',
      },
      { h: 'Traceability', level: 2 },
      { p: 'Every truckload leaves with a delivery docket showing the paddock, the silo number and our NGR number; docket books are kept for seven years.' },
      { h: 'Training', level: 2 },
      { p: 'All staff hold a current ChemCert accreditation; new staff are inducted on grain hygiene and silo safety before harvest.' },
      { h: 'Soil and water', level: 2 },
      { p: 'Soil tests every three years on each paddock; the dam is fenced off from stock.' },
    ],
    expected: {
      type: 'management_plan_update',
      fields: {
        farm_name: 'Karinya Farming Trust',
        crops: 'Wheat – APW and AH (Scepter, Vixen); Barley – malting (Spartacus CL) and feed; Lentils (PBA Hallmark XT)',
        storage_and_hygiene: { has: ['cleaned out, swept and inspected for insects', 'pressure tested every year'], not: ['APVMA'] },
        chemical_handling: { has: ['APVMA-registered', 'locked, bunded shed', 'spray diary'], not: ['delivery docket'] },
        traceability: { has: ['delivery docket showing the paddock', 'seven years'], not: ['ChemCert'] },
        staff_training: { has: ['ChemCert accreditation', 'inducted on grain hygiene'], not: ['Soil tests'] },
        water_and_soil: { has: ['Soil tests every three years'] },
        review_date: '2026-01-18',
      },
    },
  },
  {
    fileName: 'Dry Creek whole farm plan.pdf',
    format: 'pdf',
    blocks: [
      { h: 'Whole Farm Plan — Dry Creek Farming Partnership' },
      { p: 'Prepared by Priya Raman. Review date: 2 March 2026' },
      { h: '1. Cropping program 2026', level: 2 },
      {
        header: true,
        table: [
          ['Paddock', 'Crop', 'Variety', 'Area (ha)'],
          ['Home', 'Wheat', 'Scepter', '220'],
          ['Back flat', 'Barley', 'Rosalind', '180'],
          ['Creek', 'Wheat', 'Calibre', '140'],
          ['North', 'Canola', 'HyTTec Trophy', '95'],
        ],
      },
      { h: '2. Storage and hygiene', level: 2 },
      { p: 'Grain is stored in four sealed 100 t silos. Silos are cleaned and checked for residue and insects before harvest, and grain is sampled monthly.' },
      { h: '3. Chemicals', level: 2 },
      {
        p: 'All chemicals are APVMA registered and applied at label rates by a ChemCert-trained operator; they are kept in a locked shed 50 m from the silos.',
      },
      { h: '4. Traceability and records', level: 2 },
      { p: 'Each silo carries a lot number; loads out are recorded against the lot number and the buyer’s contract number.' },
      { h: '5. People and training', level: 2 },
      { p: 'Both partners and the casual harvest worker complete grain hygiene training each year.' },
    ],
    expected: {
      type: 'management_plan_update',
      fields: {
        farm_name: 'Dry Creek Farming Partnership',
        crops: 'Wheat; Barley; Canola',
        storage_and_hygiene: { has: ['four sealed 100 t silos', 'sampled monthly'], not: ['APVMA'] },
        chemical_handling: { has: ['APVMA registered', 'locked shed 50 m from the silos'], not: ['lot number'] },
        traceability: { has: ['Each silo carries a lot number'], not: ['partners'] },
        staff_training: { has: ['grain hygiene training each year'] },
        water_and_soil: '',
        review_date: '2026-03-02',
      },
    },
  },
];
