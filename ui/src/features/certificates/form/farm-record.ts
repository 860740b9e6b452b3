import { farmDocumentName, type DocumentView } from '@grain/domain';

/** A farm data record as GET farmdata/harvesting/list answers it (docs/spec/farm-data-and-documents.md §3), read tolerantly. */
export interface FarmRecord {
  _id: string;
  number: string;
  grainType: string;
  harvestGrade: string;
  storageLocation: string;
  quantity: number;
  protein: number;
  moisture: number;
  productionDate: string;
  imageValidation?: unknown;
}

/**
 * A picked farm record also tells the form its number. Whether its grain photo is verified is not
 * copied: the form reads it from the farm record (useImageVerified), as it is now.
 */
export type FarmDocument = DocumentView & { farm: NonNullable<DocumentView['farm']> & { number: FarmRecord['number'] } };

/** The primary document made from a farm record; `farm` carries the facts the certificate PDF prints. */
export function docFromFarm(r: FarmRecord): FarmDocument {
  return {
    _id: r._id,
    docName: farmDocumentName(r.number),
    docType: 'farmData',
    description: `${r.grainType} ${r.harvestGrade} · ${r.storageLocation}`,
    farm: {
      grainType: r.grainType,
      harvestGrade: r.harvestGrade,
      storageLocation: r.storageLocation,
      quantity: Number(r.quantity),
      protein: Number(r.protein),
      moisture: Number(r.moisture),
      number: r.number,
    },
  };
}
