import { checkAgainstStandard, type StandardCheck } from '@grain/domain';

/**
 * A farm record as answered: flagged with whether its measurements meet the standard of its claimed
 * grade. Entry never refuses a record for it: out-of-grade grain is real and still recorded.
 */
export function withStandardFlag<T extends { grainType?: string; harvestGrade?: string; protein?: number | null; moisture?: number | null }>(
  row: T,
): T & { standard: StandardCheck['result'] } {
  return { ...row, standard: checkAgainstStandard(row).result };
}

export const withStandardFlags = <T extends Parameters<typeof withStandardFlag>[0]>(rows: T[]) => rows.map(withStandardFlag);
