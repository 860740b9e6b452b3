import { temporalLogLevel } from './runtime';

describe("the worker's log level", () => {
  it('is WARN unless TEMPORAL_LOG_LEVEL names another, in any case', () => {
    expect(temporalLogLevel({})).toBe('WARN');
    expect(temporalLogLevel({ TEMPORAL_LOG_LEVEL: ' info ' })).toBe('INFO');
    expect(temporalLogLevel({ TEMPORAL_LOG_LEVEL: 'ERROR' })).toBe('ERROR');
  });

  it('refuses a level the SDK does not have, naming the ones it has', () => {
    expect(() => temporalLogLevel({ TEMPORAL_LOG_LEVEL: 'loud' })).toThrow('TEMPORAL_LOG_LEVEL: one of TRACE, DEBUG, INFO, WARN, ERROR (got "loud")');
  });
});
