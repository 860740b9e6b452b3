import { limitBufferPool, semiSpaceCapMb, temporalLogLevel, WORKER_NODE_OPTIONS } from './runtime';

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

describe("the worker process's Buffer pool", () => {
  // The SDK keeps each cached run's last activation completion (a small Buffer, a slice of Node's Buffer
  // pool) until the run's next activation; each such slice keeps its whole pool slab alive. With Node 24's
  // 64 KiB slabs and the activities' own allocations between completions, that was a 64 KiB slab per
  // cached workflow (heap snapshot of the bench's worker, 1,000 open: 965 slabs, 62 MB).
  it('makes a small Buffer pin at most 8 KiB (installTemporalRuntime sets it for every worker)', () => {
    limitBufferPool();
    // the slab in use is kept until it is full; every slab after it has the new size
    const first = Buffer.allocUnsafe(300).buffer;
    let completionSized = Buffer.allocUnsafe(300);
    for (let i = 0; i < 1000 && completionSized.buffer === first; i++) completionSized = Buffer.allocUnsafe(300);
    expect(completionSized.buffer).not.toBe(first);
    expect(completionSized.buffer.byteLength).toBeLessThanOrEqual(8 * 1024);
  });
});

describe("the worker process's young generation", () => {
  it('reads the cap V8 gets: the last --max-semi-space-size of NODE_OPTIONS and then the command line', () => {
    expect(semiSpaceCapMb([], '')).toBeUndefined();
    expect(semiSpaceCapMb(WORKER_NODE_OPTIONS, '')).toBe(8);
    expect(semiSpaceCapMb([], '--enable-source-maps --max-semi-space-size=16')).toBe(16);
    expect(semiSpaceCapMb(['--max_semi_space_size', '8'], '--max-semi-space-size=16')).toBe(8);
    expect(semiSpaceCapMb(['--expose-gc'], '')).toBeUndefined();
  });
});
