/** Cross-store logic: reads several stores for one answer; above the stores, never imported by them. */
export * from './issuer-facts';
export * from './company-people';
