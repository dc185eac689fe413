import { describe, expect, it } from '@jest/globals';
import { gatewayLogger } from './gateway-logger.js';

describe('gatewayLogger', () => {
  it('logs from LOG_LEVEL up, info by default, and refuses a level it does not know', () => {
    expect(gatewayLogger({}).level).toBe('info');
    expect(gatewayLogger({ LOG_LEVEL: 'debug' }).level).toBe('debug');
    expect(() => gatewayLogger({ LOG_LEVEL: 'verbose' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"');
  });
});
