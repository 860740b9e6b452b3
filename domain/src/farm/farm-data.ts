import { z } from 'zod';
import { GRAIN_TYPES, HARVEST_GRADES, type GrainType, type HarvestGrade } from '../constants';
import type { MessageCode } from '../messages';

/** How a farm record entered the system (docs/spec/farm-data-and-documents.md §3 dataType). */
export const FARM_DATA_TYPES = ['Manual', 'Csv', 'Streaming'] as const;
export type FarmDataType = (typeof FARM_DATA_TYPES)[number];

/** Image verification state of a farm record; 'NA' until a photo is checked (docs/spec/farm-data-and-documents.md §3 default). */
export const IMAGE_VALIDATION_STATES = ['NA', 'Verified', 'Rejected'] as const;
export type ImageValidationState = (typeof IMAGE_VALIDATION_STATES)[number];

/**
 * A production date as text: dd/MM/yyyy (the form's format) or yyyy-mm-dd; returns yyyy-mm-dd or
 * null when the text is not a real calendar date (of a year from 1900). Whether the day can be a
 * harvest's is productionDateProblem's question.
 */
export function parseProductionDate(text: string): string | null {
  const s = text.trim();
  let y: number, m: number, d: number;
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (match) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else {
    match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
    if (!match) return null;
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  if (y < 1900 || m < 1 || m > 12 || d < 1) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** How far back a production date may lie: grain is not held, or a record entered, more than 10 years on. */
export const PRODUCTION_DATE_MAX_AGE_YEARS = 10;

/**
 * Why a harvest's production date (yyyy-mm-dd) cannot be true, on `today` (yyyy-mm-dd, the company's
 * calendar day: todayIn(placeOf(...).timeZone)): after today, or more than
 * PRODUCTION_DATE_MAX_AGE_YEARS before it. The one rule of manual entry, streaming and CSV rows.
 */
export function productionDateProblem(iso: string, today: string): MessageCode | null {
  if (iso > today) return 'PRODUCTION_DATE_IN_FUTURE';
  const earliest = `${Number(today.slice(0, 4)) - PRODUCTION_DATE_MAX_AGE_YEARS}${today.slice(4)}`;
  return iso < earliest ? 'PRODUCTION_DATE_TOO_OLD' : null;
}

/** yyyy-mm-dd -> dd/MM/yyyy (the form's display format). */
export function toDisplayDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : iso;
}

const INTEGER_RE = /^\s*\d{1,12}\s*$/;
const FLOAT_RE = /^\s*\d{1,6}(\.\d{1,4})?\s*$/;

const code = (c: MessageCode) => ({ message: c });
const dateField = (today: string) =>
  z.string().transform((v, ctx) => {
    const iso = parseProductionDate(v);
    const problem: MessageCode | null = !iso ? (v.trim() ? 'INVALID_DATE' : 'PRODUCTION_DATE_REQUIRED') : productionDateProblem(iso, today);
    if (problem || !iso) {
      ctx.addIssue({ code: 'custom', message: problem ?? 'INVALID_DATE' });
      return z.NEVER;
    }
    return iso;
  });
/** A number as typed: `required` when left empty (not "must be an integer"), `c` when it is not one. */
const numberText = (re: RegExp, c: MessageCode, required: MessageCode) =>
  z.union([z.number(), z.string()]).transform((v, ctx) => {
    const s = String(v);
    if (!re.test(s) || !Number.isFinite(Number(s))) {
      ctx.addIssue({ code: 'custom', message: s.trim() ? c : required });
      return z.NEVER;
    }
    return Number(s);
  });

/**
 * One harvesting record as a person enters it (manual create, streaming save), on the company's
 * calendar day `today` (yyyy-mm-dd). Numbers may arrive as text from forms. Percentages are 0-100;
 * the quantity is in tonnes.
 */
export const farmDataInputSchemaFor = (today: string) =>
  z.object({
    grainType: z.enum(GRAIN_TYPES, code('CSV_FORMAT_ERROR')),
    harvestGrade: z.enum(HARVEST_GRADES, code('CSV_FORMAT_ERROR')),
    storageLocation: z.string().trim().min(1, code('STORAGE_LOCATION_REQUIRED')).max(500, code('INVALID_ADDRESS')),
    quantity: numberText(INTEGER_RE, 'QUANTITY_NOT_INTEGER', 'QUANTITY_REQUIRED'),
    protein: numberText(FLOAT_RE, 'PROTEIN_NOT_FLOAT', 'PROTEIN_REQUIRED').refine((n) => n <= 100, code('PROTEIN_OUT_OF_RANGE')),
    moisture: numberText(FLOAT_RE, 'MOISTURE_NOT_FLOAT', 'MOISTURE_REQUIRED').refine((n) => n <= 100, code('MOISTURE_OUT_OF_RANGE')),
    productionDate: dateField(today),
    dataType: z.enum(FARM_DATA_TYPES).default('Manual'),
    /** Client-chosen record number (the streaming page numbers rows by time); generated when absent. */
    number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, code('INVALID_CODE'))
      .optional(),
    item: z.string().trim().max(100).optional(),
  });
export type FarmDataInput = z.input<ReturnType<typeof farmDataInputSchemaFor>>;
export type FarmDataValues = z.output<ReturnType<typeof farmDataInputSchemaFor>>;

/** The measured fields of one harvest lot: a saved record, a new one, a CSV row and a generated reading all carry them. */
export interface HarvestFields {
  grainType: GrainType;
  harvestGrade: HarvestGrade;
  storageLocation: string;
  quantity: number;
  protein: number;
  moisture: number;
  productionDate: string;
}

/** A farm record as the API answers it (docs/spec/farm-data-and-documents.md §3 names). */
export interface FarmData extends HarvestFields {
  _id: string;
  number: string;
  stage: string;
  imageValidation: ImageValidationState;
  imageUrl: string | null;
  uploadUser: string;
  modifiedDate: string;
  dataType: FarmDataType;
  streamingUser?: string | null;
  status?: 'Saving' | 'Saved' | null;
  item?: string | null;
  /** Ledger transaction that recorded the record; null until it is on the chain. */
  txId: string | null;
  blockNumber: number | null;
}
