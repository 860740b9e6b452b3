/** The check of a farm record's measurements against the standard of the grade it claims. */
import { STANDARDS_2025_26 } from './standards-2025-26';
import type { Requirement, RequirementResult, StandardCheck, StandardSet } from './types';

/** Every standard set on file, newest first. */
export const STANDARD_SETS: readonly StandardSet[] = [STANDARDS_2025_26];

/** What the check reads from a farm record (the certificate's FarmFacts and the farm data rows both fit). */
export interface MeasuredRecord {
  grainType?: string;
  harvestGrade?: string;
  protein?: number | null;
  moisture?: number | null;
}

/** The season a date falls in: seasons start on 1 August ("2025/26" runs 2025-08-01 to 2026-07-31). */
export function seasonOf(isoDate: string): string {
  const y = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 8 ? y : y - 1;
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}

const measuredValue = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function checkRequirement(r: Requirement, record: MeasuredRecord): RequirementResult {
  const measured = measuredValue(record[r.measure]);
  const pass = measured !== null && (r.min === undefined || measured >= r.min) && (r.max === undefined || measured <= r.max);
  return { measure: r.measure, measured, ...(r.min !== undefined && { min: r.min }), ...(r.max !== undefined && { max: r.max }), pass, source: r.source };
}

/**
 * Checks a record against the standard of its claimed type and grade. Without a season the newest set
 * on file is used (a newer season's standards are added here when they are published); a season with
 * no set on file, or a type and grade the set has no entry for, answers noStandard rather than a guess.
 */
export function checkAgainstStandard(record: MeasuredRecord, season?: string, sets: readonly StandardSet[] = STANDARD_SETS): StandardCheck {
  const grainType = record.grainType ?? '';
  const harvestGrade = record.harvestGrade ?? '';
  const set = season === undefined ? sets[0] : sets.find((s) => s.season === season);
  if (!set) return { result: 'noStandard', reason: 'season', grainType, harvestGrade, ...(season !== undefined && { season }) };
  const entry = set.grades.find((g) => g.grainType === grainType && g.harvestGrade === harvestGrade);
  if (!entry) return { result: 'noStandard', reason: 'grade', grainType, harvestGrade, season: set.season, standardId: set.id };
  const requirements = entry.requirements.map((r) => checkRequirement(r, record));
  return {
    result: requirements.every((r) => r.pass) ? 'pass' : 'fail',
    grainType,
    harvestGrade,
    grade: entry.grade,
    standardId: set.id,
    standardName: set.name,
    season: set.season,
    requirements,
  };
}

/** The requirements a failed check did not meet (empty when it passed or had no standard). */
export function failedRequirements(check: StandardCheck): RequirementResult[] {
  return check.result === 'noStandard' ? [] : check.requirements.filter((r) => !r.pass);
}
