import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './config.js';

describe('the simulator’s agent settings', () => {
  it('start no agent without BMC_SIM_IRONIC_URL, and take IPA’s timing by default', () => {
    expect(loadConfig({}).agent).toEqual({ ironicUrl: undefined, advertiseUrl: undefined, bootMs: 300, lookupTimeoutMs: 300_000, lookupIntervalMs: 1000, heartbeatMs: undefined });
  });

  it('read the Ironic URL, the advertised base and the timings', () => {
    const env = {
      BMC_SIM_IRONIC_URL: 'http://gateway:6385',
      BMC_SIM_AGENT_ADVERTISE_URL: 'http://bmc-sim:8000',
      BMC_SIM_AGENT_BOOT_MS: '0',
      BMC_SIM_AGENT_LOOKUP_TIMEOUT_MS: '5000',
      BMC_SIM_AGENT_LOOKUP_INTERVAL_MS: '50',
      BMC_SIM_AGENT_HEARTBEAT_MS: '200',
    };
    expect(loadConfig(env).agent).toEqual({ ironicUrl: 'http://gateway:6385', advertiseUrl: 'http://bmc-sim:8000', bootMs: 0, lookupTimeoutMs: 5000, lookupIntervalMs: 50, heartbeatMs: 200 });
  });

  it('refuse timings that are not integers', () => {
    expect(() => loadConfig({ BMC_SIM_AGENT_HEARTBEAT_MS: '0' })).toThrow('BMC_SIM_AGENT_HEARTBEAT_MS must be an integer of at least 1, not "0"');
    expect(() => loadConfig({ BMC_SIM_AGENT_BOOT_MS: 'soon' })).toThrow('BMC_SIM_AGENT_BOOT_MS');
  });
});

describe('the simulator’s blade enclosures', () => {
  it('are none by default, and BMC_SIM_ENCLOSURE_SIZE systems each when set', () => {
    expect(loadConfig({}).enclosureSize).toBe(0);
    expect(loadConfig({ BMC_SIM_SYSTEMS: '8', BMC_SIM_ENCLOSURE_SIZE: '4' })).toMatchObject({ systems: 8, enclosureSize: 4 });
    expect(() => loadConfig({ BMC_SIM_ENCLOSURE_SIZE: '-1' })).toThrow('BMC_SIM_ENCLOSURE_SIZE must be an integer of at least 0, not "-1"');
  });
});
