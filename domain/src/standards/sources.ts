/**
 * The public documents the grade requirements were read from. A figure is on file only when one of
 * these states it; each source names the season it speaks for, which is not always the season of the
 * standard set that quotes it (see README.md).
 */
export interface StandardSource {
  id: string;
  title: string;
  publisher: string;
  url: string;
  /** The season the document speaks for (seasons start on 1 August): "2025/26". */
  season: string;
  /** How direct the source is: the standard's own chart, or a publication quoting it. */
  kind: 'standard' | 'receival' | 'quotation';
}

export const SOURCES = {
  cbhReceival2025: {
    id: 'cbhReceival2025',
    title: 'Receival standards: moisture management, 2025/26 harvest (Western Australian Receival Standards set by GIWA; wheat by GTA)',
    publisher: 'CBH Group',
    url: 'https://www.cbh.com.au/harvest/receival-standards',
    season: '2025/26',
    kind: 'receival',
  },
  asxWaWheat: {
    id: 'asxWaWheat',
    title: 'WA Wheat delivery requirements: GTA Wheat Standard CSG 103 (APW1), 10.5 % protein minimum',
    publisher: 'ASX',
    url: 'http://www.asx.com.au/products/grains-derivatives/wa-wheat-delivery-requirements.htm',
    season: '2016/17',
    kind: 'quotation',
  },
  gtaAsw1: {
    id: 'gtaAsw1',
    title: 'GTA Wheat Standard ASW1, reference CSG-105: protein no minimum, moisture 12.5 % maximum',
    publisher: 'Grain Trade Australia (as published by Australian Grain Supplier)',
    url: 'https://australiangrainsupplier.com.au/products/australia-standard-white-asw',
    season: '2022/23',
    kind: 'quotation',
  },
  qclAph2023: {
    id: 'qclAph2023',
    title: 'Wheat protein levels fail to meet expectations: APH bids are for 13 per cent plus protein',
    publisher: 'Queensland Country Life',
    url: 'https://www.queenslandcountrylife.com.au/story/8397124/wheat-protein-levels-fail-to-meet-expectations/',
    season: '2023/24',
    kind: 'quotation',
  },
} as const satisfies Record<string, StandardSource>;

export type SourceId = keyof typeof SOURCES;
