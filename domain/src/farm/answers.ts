import type { LedgerChannelHeader } from '../ledger/views';
import type { StandardCheck } from '../standards/types';
import type { GeneratedHarvest } from './autogenerate';
import type { FarmData } from './farm-data';
import type { ImageVerificationView } from './image-verification';

/**
 * The farm data answers on the wire (docs/spec/farm-data-and-documents.md §7), written once: the API
 * types what it sends by them and the UI what it reads.
 */

/** A farm record as answered: flagged with whether its measurements meet the standard of its claimed grade. */
export type FarmDataView = FarmData & { standard: StandardCheck['result'] };

/** GET farmdata/harvesting/list and .../search. */
export interface FarmDataListAnswer {
  farmDatas: FarmDataView[];
}

/** POST farmdata/harvesting/create (201): the record, alone and as a list of one (the old client read either). */
export interface FarmDataCreatedAnswer {
  farmData: FarmDataView;
  farmDatas: FarmDataView[];
}

/** POST farmdata/harvesting/upload (201): every row of the CSV file, saved together. */
export interface FarmDataUploadAnswer {
  farmDatas: FarmDataView[];
  saved: number;
}

/** GET farmdata/harvesting/autogenerate: a plausible streaming reading, not yet saved. */
export interface GeneratedFarmDataAnswer {
  farmData: GeneratedHarvest & { stage: string; dataType: 'Streaming'; number: string; status: 'Saving'; standard: StandardCheck['result'] };
}

/** The ledger block that recorded a farm record, as its detail shows it. */
export interface FarmDataBlock {
  blockNumber: number;
  lastBlock: string;
  data_hash: string;
  channelHeader: LedgerChannelHeader;
}

/** GET farmdata/harvesting/detail/{id}. */
export interface FarmDataDetailAnswer {
  farmData: FarmDataView;
  block: FarmDataBlock | null;
}

/** POST farmdata/verification/generate_link; `embedded`: the link is the app's own /imagevalidation page. */
export interface VerificationLinkAnswer {
  verification_link: string;
  embedded: boolean;
}

/** POST farmdata/verification/get_verification_result and .../upload; `error` when the record has no check yet. */
export type VerificationResultAnswer = { 'verification result': ImageVerificationView[] } | { error: string };
