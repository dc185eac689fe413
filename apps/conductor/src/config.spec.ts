import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('serves metrics on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });
});
