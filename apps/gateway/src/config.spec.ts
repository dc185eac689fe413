import { describe, expect, it } from '@jest/globals';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('leaves Ironic-style notifications off unless NOTIFICATIONS turns them on, as Ironic does', () => {
    expect(loadConfig({}).relay.notifications).toBe(false);
    expect(loadConfig({ NOTIFICATIONS: 'true' }).relay.notifications).toBe(true);
    expect(loadConfig({ NOTIFICATIONS: 'FALSE' }).relay.notifications).toBe(false);
  });

  it('relays each project’s events by default only where there are projects: under Keystone', () => {
    expect(loadConfig({}).relay.projects).toBe(false);
    expect(loadConfig({ AUTH_STRATEGY: 'keystone' }).relay.projects).toEqual({ stream: undefined, subjectPrefix: undefined });
    expect(loadConfig({ AUTH_STRATEGY: 'keystone', RELAY_PROJECT_EVENTS: 'false' }).relay.projects).toBe(false);
    expect(loadConfig({ RELAY_PROJECT_EVENTS: 'true', RELAY_PROJECT_STREAM: 'P', PROJECT_EVENTS_SUBJECT_PREFIX: 'p.e' }).relay.projects).toEqual({ stream: 'P', subjectPrefix: 'p.e' });
  });

  it('powers inspected nodes off unless INSPECTOR_POWER_OFF says not to', () => {
    expect(loadConfig({}).inspector.powerOff).toBe(true);
    expect(loadConfig({ INSPECTOR_POWER_OFF: '0' }).inspector.powerOff).toBe(false);
  });

  it('refuses a flag or a number it cannot read instead of guessing', () => {
    expect(() => loadConfig({ NOTIFICATIONS: 'yes' })).toThrow('NOTIFICATIONS must be true or false, not "yes"');
    expect(() => loadConfig({ GATEWAY_PORT: '70000' })).toThrow('GATEWAY_PORT must be an integer from 0 to 65535, not "70000"');
  });
});
