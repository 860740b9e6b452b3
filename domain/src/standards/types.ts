import type { GrainType, HarvestGrade } from '../constants';
import type { SourceId } from './sources';

/** The farm record measurements a grade requirement can be checked against. */
export const MEASURES = ['protein', 'moisture'] as const;
export type Measure = (typeof MEASURES)[number];

/** One limit of one grade, in percent; `source` names the document the figure was read from. */
export interface Requirement {
  measure: Measure;
  min?: number;
  max?: number;
  source: SourceId;
  /** How the figure is expressed where the source says so (e.g. protein N x 5.7 at 11 % moisture). */
  basis?: string;
}

export interface GradeStandard {
  grainType: GrainType;
  harvestGrade: HarvestGrade;
  /** The grade as the source names it (e.g. "APW1"). */
  grade: string;
  requirements: Requirement[];
}

/** The standards of one season; they are re-issued each 1 August. */
export interface StandardSet {
  /** Stable id of this version, recorded on every certificate checked against it. */
  id: string;
  name: string;
  season: string;
  /** yyyy-mm-dd */
  effectiveFrom: string;
  grades: GradeStandard[];
}

export interface RequirementResult {
  measure: Measure;
  /** null: the record has no such measurement, which fails the requirement. */
  measured: number | null;
  min?: number;
  max?: number;
  pass: boolean;
  source: SourceId;
}

export type NoStandardReason = 'season' | 'grade';

/** What a farm record's measurements say against the standard of its claimed grade. */
export type StandardCheck =
  | {
      result: 'noStandard';
      /** season: no standard set for the season asked; grade: the set has no entry for this type and grade. */
      reason: NoStandardReason;
      grainType: string;
      harvestGrade: string;
      season?: string;
      standardId?: string;
    }
  | {
      result: 'pass' | 'fail';
      grainType: string;
      harvestGrade: string;
      /** The grade as the standard names it (e.g. "APW1"). */
      grade: string;
      standardId: string;
      standardName: string;
      season: string;
      requirements: RequirementResult[];
    };

/** The check as a certificate keeps it: with the reason given for issuing it when the record fails. */
export type RecordedStandardCheck = StandardCheck & { deviationReason?: string };
