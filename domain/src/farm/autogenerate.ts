import { GRAIN_TYPES, HARVEST_GRADES, type GrainType } from '../constants';
import type { HarvestFields } from './farm-data';

/** Typical ranges per grain (protein %, moisture %) so streamed records look like real deliveries. */
const RANGES: Record<GrainType, { protein: [number, number]; moisture: [number, number] }> = {
  Wheat: { protein: [9, 14.5], moisture: [9, 12.5] },
  Barley: { protein: [9, 12.5], moisture: [10, 12.5] },
  Corn: { protein: [7, 10], moisture: [12, 15] },
  Categorical: { protein: [8, 13], moisture: [9, 13] },
};
const SILOS = ['Silo A1', 'Silo A2', 'Silo B1', 'Bunker 3', 'Shed 2', 'Silo C4'];

export type GeneratedHarvest = HarvestFields;

/**
 * A plausible harvesting record for the streaming page: grain-typical protein and moisture (2
 * decimals), 5-60 tonnes (the unit farm records are kept in), produced within the last 30 days.
 * `rng` returns [0, 1).
 */
export function generateHarvest(rng: () => number, now: Date): GeneratedHarvest {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length) % xs.length];
  const between = ([a, b]: [number, number]) => Math.round((a + rng() * (b - a)) * 100) / 100;
  const grainType = pick(GRAIN_TYPES);
  const r = RANGES[grainType];
  const day = new Date(now.getTime() - Math.floor(rng() * 30) * 86_400_000);
  return {
    grainType,
    harvestGrade: pick(HARVEST_GRADES),
    storageLocation: pick(SILOS),
    quantity: 5 + Math.floor(rng() * 56),
    protein: between(r.protein),
    moisture: between(r.moisture),
    productionDate: day.toISOString().slice(0, 10),
  };
}
