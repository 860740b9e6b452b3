// Node test files: quiet Temporal's worker logs unless asked for.
process.env.TZ = process.env.TZ || 'UTC';
