/**
 * Grade requirements on file for the 2025/26 season (from 1 August 2025). Only figures read in a
 * public source are here, each naming it; a type and grade without an entry has no standard on file.
 * What was looked for and not found is listed in README.md.
 */
import type { StandardSet } from './types';

const PROTEIN_BASIS = 'N x 5.7 at 11 % moisture basis';
const millingMoisture = { measure: 'moisture', max: 12.5, source: 'cbhReceival2025' } as const;

export const STANDARDS_2025_26: StandardSet = {
  id: 'AU-GRAIN-2025/26',
  name: 'Australian grain trading and receival standards (GTA wheat, GIWA barley)',
  season: '2025/26',
  effectiveFrom: '2025-08-01',
  grades: [
    {
      grainType: 'Wheat',
      harvestGrade: 'APH',
      grade: 'APH1',
      requirements: [{ measure: 'protein', min: 13, source: 'qclAph2023', basis: PROTEIN_BASIS }, millingMoisture],
    },
    // The AH minimum protein was not found in a source read, so only the milling moisture limit is on file.
    { grainType: 'Wheat', harvestGrade: 'AH', grade: 'AH', requirements: [millingMoisture] },
    {
      grainType: 'Wheat',
      harvestGrade: 'APW',
      grade: 'APW1',
      requirements: [{ measure: 'protein', min: 10.5, source: 'asxWaWheat', basis: PROTEIN_BASIS }, millingMoisture],
    },
    // ASW1 has no minimum protein (GTA CSG-105); its 12.5 % moisture maximum is also the 2025/26 receival limit.
    { grainType: 'Wheat', harvestGrade: 'ASW', grade: 'ASW1', requirements: [millingMoisture] },
    { grainType: 'Wheat', harvestGrade: 'ASFT', grade: 'ASFT', requirements: [millingMoisture] },
    { grainType: 'Wheat', harvestGrade: 'APWN', grade: 'APWN', requirements: [millingMoisture] },
    { grainType: 'Barley', harvestGrade: 'FEED', grade: 'Feed barley', requirements: [{ measure: 'moisture', max: 13.5, source: 'cbhReceival2025' }] },
  ],
};
