import type { EstablishmentSummary, HaccpSummary, ManagementPlanSummary, PestControlSummary } from '@grain/domain';
import type { Block } from './document-blocks';

/** A prose field is read well when it holds these phrases (and not those of the next section). */
export type ProseExpectation = { has: string[]; not?: string[] };
type Fields<T> = { [K in keyof T]: string | ProseExpectation };

type ExpectedSummary =
  | { type: 'establishment_update'; fields: Fields<EstablishmentSummary['establishment_registration_document']> }
  | { type: 'haccp_plan_update'; fields: Fields<HaccpSummary['haccp_plan']> }
  | { type: 'management_plan_update'; fields: Fields<ManagementPlanSummary['management_plan']> }
  | { type: 'pest_control_update'; fields: PestControlSummary };

/**
 * One document of the corpus: how it is laid out, the file it becomes, and what a person reads from
 * it, field by field ('' where the document does not say).
 */
export interface CorpusDocument {
  fileName: string;
  format: 'pdf' | 'docx';
  landscape?: boolean;
  blocks: Block[];
  expected: ExpectedSummary;
}
