import { HACCP_PRINCIPLES, type ComplianceDocumentType } from '@grain/domain';

/**
 * JSON schemas for OpenAI structured output (strict mode: every property required, no extra
 * properties). They mirror the domain's zod schemas; the one difference is the pest activity level,
 * a map in the domain, sent as a list of {pest, level} because strict schemas cannot express maps.
 */
type JsonSchema = Record<string, unknown>;
const str = { type: 'string' } as const;
const strList = { type: 'array', items: str } as const;
const obj = (props: Record<string, unknown>): JsonSchema => ({ type: 'object', additionalProperties: false, required: Object.keys(props), properties: props });
const strings = (...keys: string[]) => Object.fromEntries(keys.map((k) => [k, str]));

export const SUMMARY_SCHEMAS: Record<ComplianceDocumentType, { name: string; schema: JsonSchema }> = {
  establishment_update: {
    name: 'establishment_registration_summary',
    schema: obj({
      establishment_registration_document: obj(
        strings('name_of_establishment', 'registration_number', 'address', 'telephone', 'email', 'website', 'contact_person', 'operations'),
      ),
    }),
  },
  haccp_plan_update: {
    name: 'haccp_plan_summary',
    schema: obj({
      haccp_plan: obj(strings('business_name', 'scope', ...HACCP_PRINCIPLES, 'review_date')),
    }),
  },
  management_plan_update: {
    name: 'farm_management_plan_summary',
    schema: obj({
      management_plan: obj(
        strings('farm_name', 'crops', 'storage_and_hygiene', 'chemical_handling', 'traceability', 'staff_training', 'water_and_soil', 'review_date'),
      ),
    }),
  },
  pest_control_update: {
    name: 'pest_control_summary',
    schema: obj({
      pest_control_operator: str,
      entries: {
        type: 'array',
        items: obj({
          date: str,
          pests_treating_for: strList,
          activity_level: { type: 'array', items: obj({ pest: str, level: str }) },
          bait_chemical_used: strList,
          area_shed_treated: strList,
        }),
      },
    }),
  },
};

export const AUDIT_SCHEMA = {
  name: 'compliance_audit',
  schema: obj({
    compliance_audit: {
      type: 'array',
      items: obj({
        compliance_check_item: str,
        result: { type: 'string', enum: ['Compliant', 'Non-Compliant'] },
        requirement: str,
        evidence: str,
        recommendations: str,
        vn: obj({ requirement: str, evidence: str, recommendations: str }),
      }),
    },
  }),
};
