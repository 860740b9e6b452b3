import type { CorpusDocument } from './corpus-types';

/**
 * The four documents of one storage site written the way a site manager types them: "Label: value"
 * lines and short headed paragraphs rather than forms and tables. The pest plan names its target
 * pests, chemicals and areas once, then logs each visit as a dated sentence ("Lesser grain borer
 * found in silo 4. Silo sealed and fumigated with phosphine"); the HACCP plan marks its critical
 * control points in the hazard analysis ("CCP 1") and lists the limits per CCP; the farm plan names
 * its property in quotes before the address. Read by the old rules, these came out as N/A and failed
 * their checks although every fact is there.
 */
export const WIMMERA_CORPUS: CorpusDocument[] = [
  {
    fileName: 'Wimmera Grain Storage registration.pdf',
    format: 'pdf',
    blocks: [
      { h: 'Department of Agriculture, Fisheries and Forestry' },
      { p: 'Certificate of Registration — Registered Establishment (Export Control Act 2020)' },
      { p: 'Establishment name: Wimmera Grain Storage Pty Ltd' },
      { p: 'Establishment number: 4417' },
      { p: 'Address: 112 Dooen Road, Horsham VIC 3400, Australia' },
      { p: 'Registered operations: receival, storage, fumigation and export loading of prescribed grain (wheat, barley, canola)' },
      { p: 'Date of registration: 14 March 2024' },
      { p: 'Expiry date: 13 March 2027' },
      { p: 'Registered occupier: Wimmera Grain Storage Pty Ltd (ABN 51 824 753 556)' },
      { p: "Contact: Sarah O'Connell, Site Manager, +61 3 5382 1100" },
      {
        p: 'This registration is subject to the conditions of the Export Control (Plants and Plant Products) Rules 2021. An approved arrangement is in place for the above operations.',
      },
    ],
    expected: {
      type: 'establishment_update',
      fields: {
        name_of_establishment: 'Wimmera Grain Storage Pty Ltd',
        registration_number: '4417',
        address: '112 Dooen Road, Horsham VIC 3400, Australia',
        telephone: '+61 3 5382 1100',
        email: '',
        website: '',
        contact_person: "Sarah O'Connell, Site Manager",
        operations: 'receival, storage, fumigation and export loading of prescribed grain (wheat, barley, canola)',
      },
    },
  },
  {
    fileName: 'Wimmera HACCP plan v3.2.docx',
    format: 'docx',
    blocks: [
      { h: 'HACCP PLAN — GRAIN RECEIVAL AND STORAGE' },
      { p: 'Wimmera Grain Storage Pty Ltd, Horsham VIC' },
      { p: "Version 3.2, approved 2 February 2026 by Sarah O'Connell (Site Manager). Next review: February 2027." },
      { p: 'Scope: receival, cleaning, storage in vertical silos and bunkers, and outloading of wheat and barley for export.' },
      { h: 'Hazard analysis', level: 2 },
      {
        ordered: true,
        list: [
          'Receival — Mycotoxins (aflatoxin, DON) from field moulds. Control: moisture test every load, reject loads above 12.5% moisture. CCP 1.',
          'Storage — Stored grain insects (lesser grain borer, rust-red flour beetle). Control: aeration cooling and phosphine fumigation under sealed conditions. CCP 2.',
          'Storage — Chemical residues above MRL from grain protectants. Control: only APVMA-registered products, applied at label rates, records kept. CCP 3.',
          'Outloading — Foreign material (glass, metal). Control: screening and magnet at the outloading conveyor.',
        ],
      },
      { h: 'Critical limits', level: 2 },
      { p: 'CCP 1: moisture at or below 12.5%.' },
      { p: 'CCP 2: phosphine concentration at least 300 ppm for 7 days at 25 °C or above.' },
      { p: 'CCP 3: residues below the FSANZ Schedule 20 maximum residue limits.' },
      { p: 'Monitoring: moisture meter readings logged per load; phosphine monitored with a Silochek meter on days 1, 3 and 7.' },
      { p: 'Corrective actions: reject or divert wet loads; re-seal and re-fumigate failed silos; hold and test suspect lots.' },
      { p: 'Verification: annual internal audit and National Residue Survey sampling.' },
      { p: 'Record keeping: receival tickets, moisture logs, fumigation and spray records are kept for three years in the site office.' },
    ],
    expected: {
      type: 'haccp_plan_update',
      fields: {
        business_name: 'Wimmera Grain Storage Pty Ltd',
        scope: { has: ['receival, cleaning, storage in vertical silos and bunkers'] },
        hazard_analysis: { has: ['Mycotoxins', 'Stored grain insects', 'Foreign material'], not: ['at or below 12.5%'] },
        critical_control_points: { has: ['CCP 1: Receival — Mycotoxins', 'CCP 2: Storage — Stored grain insects', 'CCP 3: Storage — Chemical residues'] },
        critical_limits: { has: ['moisture at or below 12.5%', '300 ppm for 7 days', 'Schedule 20'], not: ['Silochek'] },
        monitoring_procedures: { has: ['moisture meter readings logged per load', 'Silochek'] },
        corrective_actions: { has: ['re-seal and re-fumigate failed silos'] },
        verification_procedures: { has: ['annual internal audit'] },
        record_keeping: { has: ['kept for three years'] },
        review_date: '2026-02-02',
      },
    },
  },
  {
    fileName: 'Wimmera integrated pest management plan.pdf',
    format: 'pdf',
    blocks: [
      { h: 'Integrated Pest Management Plan — Stored Grain' },
      { p: 'Wimmera Grain Storage Pty Ltd, 112 Dooen Road, Horsham VIC 3400' },
      { p: 'Pest control contractor: Western Districts Pest Services (licence PMT-22871)' },
      { p: 'Plan period: 1 July 2026 to 30 June 2027' },
      {
        p: 'Target pests: lesser grain borer (Rhyzopertha dominica), rust-red flour beetle (Tribolium castaneum), saw-toothed grain beetle, rodents (house mice).',
      },
      { p: 'Chemicals used:' },
      {
        list: [
          'Phosphine (aluminium phosphide tablets), fumigation of sealed silos, 1.5 g/m3, 7 day exposure',
          'Deltamethrin (K-Obiol EC Combi), structural treatment of empty silos and conveyors',
          'Bromadiolone wax blocks, rodent bait stations',
        ],
      },
      { p: 'Treatment areas: silos 1–6, grain bunkers A and B, the receival pit, conveyors and the workshop.' },
      { h: 'Service log', level: 2 },
      { p: 'Date: 12 August 2026 — Inspection of silos 1–6, probe traps checked, no live insects found. Bait stations 1–14 serviced.' },
      { p: 'Date: 9 September 2026 — Lesser grain borer found in silo 4. Silo sealed and fumigated with phosphine for 7 days.' },
      { p: 'Date: 21 October 2026 — Silo 4 re-inspected, no live insects. Rodent activity at the workshop; bait stations 15–18 added.' },
    ],
    expected: {
      type: 'pest_control_update',
      fields: {
        pest_control_operator: 'Western Districts Pest Services (licence PMT-22871)',
        entries: [
          {
            date: '2026-08-12',
            pests_treating_for: ['insects'],
            activity_level: { insects: 'no live insects found' },
            bait_chemical_used: ['Bromadiolone wax blocks'],
            area_shed_treated: ['silos 1–6', 'Bait stations 1–14'],
          },
          {
            date: '2026-09-09',
            pests_treating_for: ['lesser grain borer'],
            activity_level: { 'lesser grain borer': 'found in silo 4' },
            bait_chemical_used: ['Phosphine (aluminium phosphide tablets)'],
            area_shed_treated: ['silo 4'],
          },
          {
            date: '2026-10-21',
            pests_treating_for: ['insects', 'rodents'],
            activity_level: { insects: 'no live insects', rodents: 'activity at the workshop' },
            bait_chemical_used: ['Bromadiolone wax blocks'],
            area_shed_treated: ['Silo 4', 'workshop', 'bait stations 15–18'],
          },
        ],
      },
    },
  },
  {
    fileName: 'Glenorchy Downs farm management plan 2026-27.docx',
    format: 'docx',
    blocks: [
      { h: 'Farm Management Plan 2026–27' },
      { p: 'Property: "Glenorchy Downs", 1840 Wimmera Highway, Dooen VIC 3401' },
      { p: 'Owner and manager: Thomas and Mei Brennan' },
      { p: 'Area: 2,450 ha (1,900 ha cropped)' },
      { p: 'Crops: wheat (APW, 1,100 ha), barley (malt, 500 ha), canola (300 ha)' },
      { p: 'Rotation: canola – wheat – barley, with a vetch break crop every fourth year on the lighter soils.' },
      {
        p: 'Fertiliser and chemical plan: MAP at sowing, 80 kg/ha; urea top-dressing at 60–100 kg/ha guided by soil tests. Herbicides: glyphosate knockdown before sowing, trifluralin pre-emergent. Withholding periods are followed as on the label; spray records are kept in the Agworld farm diary.',
      },
      { p: 'Soil and water: soil tests every two years on each paddock; stubble retained; controlled-traffic farming to limit compaction.' },
      {
        p: 'Harvest and storage: harvested grain is moisture-tested at the header and delivered to Wimmera Grain Storage, Horsham, or held in on-farm sealed silos (4 x 100 t) with aeration. Silos are cleaned and inspected for insects before harvest.',
      },
      { p: 'Records: every load is logged by paddock and silo with its NGR delivery docket.' },
      { p: 'Biosecurity: a farm biosecurity plan is in place; visitors sign in; machinery is cleaned before moving between properties.' },
      { p: 'Staff training: all operators hold a current ChemCert accreditation.' },
    ],
    expected: {
      type: 'management_plan_update',
      fields: {
        farm_name: 'Glenorchy Downs',
        crops: 'wheat (APW, 1,100 ha), barley (malt, 500 ha), canola (300 ha)',
        storage_and_hygiene: { has: ['moisture-tested at the header', 'cleaned and inspected for insects before harvest'], not: ['visitors sign in'] },
        chemical_handling: { has: ['Withholding periods are followed', 'Agworld farm diary'], not: ['stubble retained'] },
        traceability: { has: ['logged by paddock and silo'] },
        staff_training: { has: ['ChemCert accreditation'] },
        water_and_soil: { has: ['soil tests every two years'], not: ['moisture-tested'] },
        review_date: '',
      },
    },
  },
];
