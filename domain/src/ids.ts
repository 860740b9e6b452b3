/**
 * The forms of the ids the product makes, in one place: every stored object is named by a uuid, and a
 * certificate's level by `<certificate id>-L<position>` (createCertificate). Anything else names nothing:
 * callers answer NOT_FOUND (or refuse the input) before it reaches a query.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEVEL_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-L(\d{1,2})$/i;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** The id of a certificate's level at `position` (1-based). */
export const levelIdOf = (certificateId: string, position: number): string => `${certificateId}-L${position}`;

export const isLevelId = (v: unknown): v is string => typeof v === 'string' && LEVEL_ID.test(v);

/** The certificate a level id belongs to (its prefix), or null when it is not a level id. */
export function certificateIdOfLevelId(levelId: string): string | null {
  return LEVEL_ID.exec(levelId)?.[1] ?? null;
}
