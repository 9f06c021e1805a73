import { temporalLogLevel } from '../../../workers/runtime-logger';

describe("the worker's runtime logger", () => {
  it('lets through what LOG_LEVEL asks for, and no less', () => {
    expect(temporalLogLevel('trace')).toBe('TRACE');
    expect(temporalLogLevel('debug')).toBe('DEBUG');
    expect(temporalLogLevel('info')).toBe('INFO');
    expect(temporalLogLevel('warn')).toBe('WARN');
    expect(temporalLogLevel('error')).toBe('ERROR');
    expect(temporalLogLevel('fatal')).toBe('ERROR');
    expect(temporalLogLevel('silent')).toBe('ERROR');
  });
});
