/**
 * Reference data: Australian and Indian laws, rules and standards that bear on grain quality, export
 * and food safety, with the body responsible for each. Field names follow docs/spec/farm-data-and-documents.md §3 (including the
 * product's spelling "ResponsibleOrgaqnisation"). URLs point at the official publisher's page.
 * `Summary` is this project's own short description, used for the generated reference PDF; it is not
 * the official text.
 */
import type { PolicyOrganisation } from '@grain/domain';

export const POLICY_ORGANISATIONS: PolicyOrganisation[] = [
  {
    Item: 1, PolicyIndex: 'AU-01', NameOfActRuleGuideline: 'Export Control Act 2020',
    ResponsibleOrgaqnisation: 'Department of Agriculture, Fisheries and Forestry', Acronym: 'DAFF', Country: 'AU',
    URL: 'https://www.legislation.gov.au/C2020A00012/latest', FileName: 'AU-01-export-control-act-2020.pdf', Topics: ['export'],
    Summary: 'Framework law for exports of agricultural goods, including grain. Goods prescribed by the rules may be exported only if the exporter, the establishment and the goods meet the requirements of the rules and of the importing country, and the goods carry the required government certificates.',
  },
  {
    Item: 2, PolicyIndex: 'AU-02', NameOfActRuleGuideline: 'Export Control (Plants and Plant Products) Rules 2021',
    ResponsibleOrgaqnisation: 'Department of Agriculture, Fisheries and Forestry', Acronym: 'DAFF', Country: 'AU',
    URL: 'https://www.agriculture.gov.au/biosecurity-trade/export/controlled-goods/plants-plant-products', FileName: 'AU-02-export-control-plants-rules-2021.pdf', Topics: ['export', 'biosecurity'],
    Summary: 'Rules under the Export Control Act for prescribed plant products such as grain: registration of export establishments, inspection of goods and transport units by authorised officers, meeting importing country requirements (as published in the Manual of Importing Country Requirements, MICoR), and the issue of phytosanitary certificates.',
  },
  {
    Item: 3, PolicyIndex: 'AU-03', NameOfActRuleGuideline: 'Biosecurity Act 2015',
    ResponsibleOrgaqnisation: 'Department of Agriculture, Fisheries and Forestry', Acronym: 'DAFF', Country: 'AU',
    URL: 'https://www.legislation.gov.au/C2015A00061/latest', FileName: 'AU-03-biosecurity-act-2015.pdf', Topics: ['biosecurity'],
    Summary: 'Manages the risk of pests and diseases entering, establishing or spreading in Australia: controls on imported goods and conveyances, biosecurity import permits and the powers of biosecurity officers. Relevant to grain storage pests and to imported seed and grain.',
  },
  {
    Item: 4, PolicyIndex: 'AU-04', NameOfActRuleGuideline: 'Australia New Zealand Food Standards Code (Standards 1.4.1 Contaminants and natural toxicants, 1.4.2 Agvet chemicals, Schedule 20 MRLs)',
    ResponsibleOrgaqnisation: 'Food Standards Australia New Zealand', Acronym: 'FSANZ', Country: 'AU',
    URL: 'https://www.foodstandards.gov.au/food-standards-code', FileName: 'AU-04-fsanz-food-standards-code.pdf', Topics: ['food safety', 'chemicals'],
    Summary: 'Food standards for Australia and New Zealand. For grain used as food: maximum levels of contaminants and natural toxicants (e.g. heavy metals, mycotoxins), and maximum residue limits (MRLs) of agricultural and veterinary chemicals listed in Schedule 20. Enforced by state and territory food agencies and, at the border, by DAFF.',
  },
  {
    Item: 5, PolicyIndex: 'AU-05', NameOfActRuleGuideline: 'Agricultural and Veterinary Chemicals Code Act 1994 (Agvet Code)',
    ResponsibleOrgaqnisation: 'Australian Pesticides and Veterinary Medicines Authority', Acronym: 'APVMA', Country: 'AU',
    URL: 'https://www.apvma.gov.au', FileName: 'AU-05-agvet-code-act-1994.pdf', Topics: ['chemicals'],
    Summary: 'National registration of agricultural chemical products, including grain protectants and fumigants such as phosphine. Products must be used as the approved label directs, including rates, withholding periods and grain storage restrictions; use by growers is further regulated by state control-of-use laws.',
  },
  {
    Item: 6, PolicyIndex: 'AU-06', NameOfActRuleGuideline: 'National Residue Survey (Primary Industries (Excise) Levies and National Residue Survey Administration Act 1992)',
    ResponsibleOrgaqnisation: 'Department of Agriculture, Fisheries and Forestry - National Residue Survey', Acronym: 'NRS', Country: 'AU',
    URL: 'https://www.agriculture.gov.au/agriculture-land/farm-food-drought/food/nrs', FileName: 'AU-06-national-residue-survey.pdf', Topics: ['food safety', 'chemicals', 'export'],
    Summary: 'Levy-funded monitoring of chemical residues and contaminants in Australian grain and other commodities. Grain samples are tested against Australian standards and importing country limits; results support market access and exporters\' assurances.',
  },
  {
    Item: 7, PolicyIndex: 'AU-07', NameOfActRuleGuideline: 'GTA Trading Standards (wheat, barley and other grains) and Code of Practice',
    ResponsibleOrgaqnisation: 'Grain Trade Australia', Acronym: 'GTA', Country: 'AU',
    URL: 'https://www.graintrade.org.au', FileName: 'AU-07-gta-trading-standards.pdf', Topics: ['grain quality'],
    Summary: 'Industry standards defining receival and trading grades (e.g. wheat APH, AH, APW, ASW; barley malt and feed grades) by protein, moisture, test weight, screenings and defects, with approved test methods and sampling; used in grain contracts and at receival sites.',
  },
  {
    Item: 8, PolicyIndex: 'AU-08', NameOfActRuleGuideline: 'National Measurement Act 1960 (trade measurement)',
    ResponsibleOrgaqnisation: 'National Measurement Institute', Acronym: 'NMI', Country: 'AU',
    URL: 'https://www.industry.gov.au/national-measurement-institute', FileName: 'AU-08-national-measurement-act-1960.pdf', Topics: ['measurement'],
    Summary: 'Trade measurement law: weighbridges and grain testing instruments used for trade must be of an approved pattern and verified; packaged goods must state their net quantity accurately.',
  },
  {
    Item: 9, PolicyIndex: 'IN-01', NameOfActRuleGuideline: 'Food Safety and Standards Act 2006',
    ResponsibleOrgaqnisation: 'Food Safety and Standards Authority of India', Acronym: 'FSSAI', Country: 'IN',
    URL: 'https://www.fssai.gov.in', FileName: 'IN-01-food-safety-and-standards-act-2006.pdf', Topics: ['food safety'],
    Summary: 'The principal food law of India: licensing and registration of food businesses, science-based standards for food articles, and control of food imports. Grain imported or traded as food must meet the standards made under it.',
  },
  {
    Item: 10, PolicyIndex: 'IN-02', NameOfActRuleGuideline: 'Food Safety and Standards (Contaminants, Toxins and Residues) Regulations 2011',
    ResponsibleOrgaqnisation: 'Food Safety and Standards Authority of India', Acronym: 'FSSAI', Country: 'IN',
    URL: 'https://www.fssai.gov.in', FileName: 'IN-02-fss-contaminants-toxins-residues-2011.pdf', Topics: ['food safety', 'chemicals'],
    Summary: 'Limits for metal contaminants, crop contaminants and naturally occurring toxins (including aflatoxin and other mycotoxins in cereals), and tolerance limits for insecticide and pesticide residues in food grains.',
  },
  {
    Item: 11, PolicyIndex: 'IN-03', NameOfActRuleGuideline: 'Food Safety and Standards (Food Products Standards and Food Additives) Regulations 2011 (cereals and cereal products)',
    ResponsibleOrgaqnisation: 'Food Safety and Standards Authority of India', Acronym: 'FSSAI', Country: 'IN',
    URL: 'https://www.fssai.gov.in', FileName: 'IN-03-fss-food-products-standards-2011.pdf', Topics: ['grain quality', 'food safety'],
    Summary: 'Quality standards for food grains such as wheat and barley: maximum moisture, foreign matter, other edible grains, damaged and weevilled grains, and uric acid limits.',
  },
  {
    Item: 12, PolicyIndex: 'IN-04', NameOfActRuleGuideline: 'Plant Quarantine (Regulation of Import into India) Order 2003',
    ResponsibleOrgaqnisation: 'Directorate of Plant Protection, Quarantine and Storage', Acronym: 'PPQS', Country: 'IN',
    URL: 'https://ppqs.gov.in', FileName: 'IN-04-plant-quarantine-order-2003.pdf', Topics: ['biosecurity', 'export'],
    Summary: 'Made under the Destructive Insects and Pests Act 1914. Plants and plant products, including grain for consumption, may be imported only with an import permit where required, a phytosanitary certificate from the exporting country with the additional declarations set in the Order\'s schedules, and inspection (and fumigation where required) at the point of entry.',
  },
  {
    Item: 13, PolicyIndex: 'IN-05', NameOfActRuleGuideline: 'Insecticides Act 1968 and Insecticides Rules 1971',
    ResponsibleOrgaqnisation: 'Central Insecticides Board and Registration Committee', Acronym: 'CIB&RC', Country: 'IN',
    URL: 'https://ppqs.gov.in', FileName: 'IN-05-insecticides-act-1968.pdf', Topics: ['chemicals'],
    Summary: 'Registration and licensing of insecticides (pesticides) in India, including grain fumigants; only registered products may be made, sold or used, as their label and leaflet direct.',
  },
  {
    Item: 14, PolicyIndex: 'IN-06', NameOfActRuleGuideline: 'Agricultural and Processed Food Products Export Development Authority Act 1985',
    ResponsibleOrgaqnisation: 'Agricultural and Processed Food Products Export Development Authority', Acronym: 'APEDA', Country: 'IN',
    URL: 'https://apeda.gov.in', FileName: 'IN-06-apeda-act-1985.pdf', Topics: ['export'],
    Summary: 'Promotes and regulates exports of scheduled agricultural products (including cereals): exporters register with APEDA and obtain a Registration-cum-Membership Certificate (RCMC); APEDA also runs traceability and quality programmes.',
  },
  {
    Item: 15, PolicyIndex: 'IN-07', NameOfActRuleGuideline: 'Foreign Trade (Development and Regulation) Act 1992',
    ResponsibleOrgaqnisation: 'Directorate General of Foreign Trade', Acronym: 'DGFT', Country: 'IN',
    URL: 'https://www.dgft.gov.in', FileName: 'IN-07-foreign-trade-act-1992.pdf', Topics: ['export'],
    Summary: 'Basis of India\'s Foreign Trade Policy: every importer and exporter needs an Importer-Exporter Code (IEC); import and export policy conditions (free, restricted, prohibited) are set per item, including wheat and barley.',
  },
  {
    Item: 16, PolicyIndex: 'IN-08', NameOfActRuleGuideline: 'Legal Metrology Act 2009 and Legal Metrology (Packaged Commodities) Rules 2011',
    ResponsibleOrgaqnisation: 'Department of Consumer Affairs - Legal Metrology', Acronym: 'LM', Country: 'IN',
    URL: 'https://consumeraffairs.nic.in', FileName: 'IN-08-legal-metrology-act-2009.pdf', Topics: ['measurement'],
    Summary: 'Weights and measures used in trade must be verified; pre-packaged commodities must carry the mandatory declarations (name and address of the manufacturer or importer, net quantity, month and year of packing, retail sale price, consumer care details).',
  },
  {
    Item: 17, PolicyIndex: 'IN-09', NameOfActRuleGuideline: 'Export (Quality Control and Inspection) Act 1963',
    ResponsibleOrgaqnisation: 'Export Inspection Council of India', Acronym: 'EIC', Country: 'IN',
    URL: 'https://eicindia.gov.in', FileName: 'IN-09-export-quality-control-act-1963.pdf', Topics: ['export', 'grain quality'],
    Summary: 'Official export certification body of India: notified commodities are inspected or certified before export, and EIC issues health and origin certificates required by some importing countries.',
  },
];
