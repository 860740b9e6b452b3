/**
 * Reference data: what to do, and which documents to hold, at each step of moving grain from farm
 * to export, under the Australian and the Indian rules (policy indexes refer to
 * policy-organisations.ts). Field names follow docs/spec/farm-data-and-documents.md §3; `Alignment` says where the two countries'
 * requirements meet, for the Alignment tab. This is a working summary prepared by this project, not
 * legal advice.
 */
import type { PolicyAction } from '@grain/domain';

export const POLICY_ACTIONS: PolicyAction[] = [
  {
    Item: 1, ProcessIndex: 'P1', Process: 'Crop protection and harvest',
    PolicyIndexAU: ['AU-05', 'AU-04', 'AU-06'],
    ActionsAU: ['Use only APVMA-registered products, as the label directs', 'Observe withholding periods before harvest and grazing', 'Keep spray records per paddock'],
    RequiredDocsAU: ['Chemical application records', 'Commodity vendor declaration'],
    PolicyIndexIN: ['IN-05', 'IN-02'],
    ActionsIN: ['Use only insecticides registered by CIB&RC for the crop', 'Keep residues within FSSAI tolerance limits'],
    RequiredDocsIN: ['Pesticide use records', 'Residue test report (where the buyer requires)'],
    Alignment: 'Both require registered chemicals used per label; residue limits differ, so check the stricter of the FSANZ MRL and the FSSAI tolerance for the destination.',
  },
  {
    Item: 2, ProcessIndex: 'P2', Process: 'Receival, sampling and quality testing',
    PolicyIndexAU: ['AU-07', 'AU-08'],
    ActionsAU: ['Sample and test each load with GTA-approved methods (protein, moisture, test weight, screenings)', 'Use trade-verified weighbridges and instruments', 'Grade the load against the GTA standard'],
    RequiredDocsAU: ['Receival test results', 'Weighbridge ticket', 'Instrument verification certificate'],
    PolicyIndexIN: ['IN-03', 'IN-08'],
    ActionsIN: ['Test against FSSAI cereal standards (moisture, foreign matter, damaged grains, uric acid)', 'Use verified weights and measures'],
    RequiredDocsIN: ['Laboratory analysis report', 'Weighment certificate'],
    Alignment: 'Moisture and foreign matter are tested in both; GTA grades add protein-based classes that FSSAI standards do not define.',
  },
  {
    Item: 3, ProcessIndex: 'P3', Process: 'Storage and fumigation',
    PolicyIndexAU: ['AU-05', 'AU-03'],
    ActionsAU: ['Fumigate only with registered fumigants (e.g. phosphine) in gas-tight storage, as labelled', 'Record fumigation and keep exposure periods', 'Monitor for stored grain pests'],
    RequiredDocsAU: ['Fumigation record', 'Pest monitoring log'],
    PolicyIndexIN: ['IN-05', 'IN-04'],
    ActionsIN: ['Use registered fumigants through accredited operators', 'Fumigate consignments where the Plant Quarantine Order requires it'],
    RequiredDocsIN: ['Fumigation certificate from an accredited agency'],
    Alignment: 'Both require registered fumigants and records; India may also require treatment certified on the phytosanitary certificate.',
  },
  {
    Item: 4, ProcessIndex: 'P4', Process: 'Exporter and establishment registration',
    PolicyIndexAU: ['AU-01', 'AU-02'],
    ActionsAU: ['Register the export establishment with DAFF', 'Check the importing country requirements in MICoR'],
    RequiredDocsAU: ['Establishment registration', 'Export permit / notice of intention'],
    PolicyIndexIN: ['IN-07', 'IN-06'],
    ActionsIN: ['Obtain an Importer-Exporter Code (IEC) from DGFT', 'Register with APEDA (RCMC) for scheduled products', 'Check the import/export policy condition of the item'],
    RequiredDocsIN: ['IEC', 'APEDA RCMC'],
    Alignment: 'Each country registers the trader or establishment before any consignment moves.',
  },
  {
    Item: 5, ProcessIndex: 'P5', Process: 'Phytosanitary certification and border entry',
    PolicyIndexAU: ['AU-02', 'AU-03'],
    ActionsAU: ['Book inspection of grain and containers by a DAFF authorised officer', 'Meet additional declarations the importing country asks for', 'Obtain the phytosanitary certificate'],
    RequiredDocsAU: ['Phytosanitary certificate', 'Inspection record', 'Container inspection record'],
    PolicyIndexIN: ['IN-04', 'IN-01'],
    ActionsIN: ['Obtain an import permit from PPQS where the Order requires it', 'Present the phytosanitary certificate with the required additional declarations', 'Clear FSSAI import inspection for food grain'],
    RequiredDocsIN: ['Import permit', 'Phytosanitary certificate (original)', 'FSSAI import clearance'],
    Alignment: 'The Australian phytosanitary certificate is the document the Indian Plant Quarantine Order checks; its additional declarations must match the Order\'s schedule.',
  },
  {
    Item: 6, ProcessIndex: 'P6', Process: 'Food safety assurance and residue monitoring',
    PolicyIndexAU: ['AU-04', 'AU-06'],
    ActionsAU: ['Take part in the National Residue Survey grain programme', 'Hold test results against destination limits'],
    RequiredDocsAU: ['NRS residue results', 'Mycotoxin test report'],
    PolicyIndexIN: ['IN-02', 'IN-01', 'IN-09'],
    ActionsIN: ['Test for aflatoxin and other contaminants within FSSAI limits', 'Obtain EIC certification where the destination requires it'],
    RequiredDocsIN: ['Contaminant test report', 'Health certificate (where required)'],
    Alignment: 'Both rely on laboratory evidence of contaminants and residues; keep one report per consignment that states the limits of both countries.',
  },
  {
    Item: 7, ProcessIndex: 'P7', Process: 'Packaging, labelling and dispatch',
    PolicyIndexAU: ['AU-08', 'AU-01'],
    ActionsAU: ['State the net quantity on packaged grain', 'Match the trade description to the goods and the export documents'],
    RequiredDocsAU: ['Commercial invoice', 'Packing list', 'Bill of lading'],
    PolicyIndexIN: ['IN-08', 'IN-07'],
    ActionsIN: ['Carry the Legal Metrology declarations on pre-packaged goods', 'File the shipping bill / bill of entry with matching descriptions'],
    RequiredDocsIN: ['Commercial invoice', 'Packing list', 'Bill of entry'],
    Alignment: 'Invoice, packing list and transport document are common to both; India adds mandatory package declarations.',
  },
];
