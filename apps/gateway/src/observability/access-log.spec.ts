import { describe, expect, it } from '@jest/globals';
import { accessLevel } from './access-log.js';

describe('accessLevel', () => {
  it('is debug for answered probes and scrapes, info for everything else', () => {
    expect([accessLevel('/healthz', 200), accessLevel('/metrics', 200), accessLevel('/readyz', 503), accessLevel('/v1/nodes', 200)]).toEqual(['debug', 'debug', 'info', 'info']);
  });
});
