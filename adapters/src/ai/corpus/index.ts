import type { CorpusDocument } from './corpus-types';
import { ESTABLISHMENT_CORPUS } from './establishment-corpus';
import { HACCP_CORPUS } from './haccp-corpus';
import { MANAGEMENT_CORPUS } from './management-corpus';
import { PEST_CORPUS } from './pest-corpus';
import { WIMMERA_CORPUS } from './wimmera-corpus';

export type { CorpusDocument, ProseExpectation } from './corpus-types';
export { blocksDocx, blocksHtml } from './document-blocks';

/** Realistic farm documents (en, as Australian growers and storage operators write them) with what a person reads from each. */
export const COMPLIANCE_CORPUS: CorpusDocument[] = [...ESTABLISHMENT_CORPUS, ...HACCP_CORPUS, ...MANAGEMENT_CORPUS, ...PEST_CORPUS, ...WIMMERA_CORPUS];
