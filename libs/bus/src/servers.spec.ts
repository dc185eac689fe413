import { describe, expect, it } from '@jest/globals';
import { natsServers } from './servers.js';

describe('natsServers', () => {
  it("reads one server or a cluster's comma-separated list", () => {
    expect(natsServers('nats://127.0.0.1:4222')).toEqual(['nats://127.0.0.1:4222']);
    expect(natsServers('nats://a:4222, nats://b:4222,,nats://c:4222 ')).toEqual(['nats://a:4222', 'nats://b:4222', 'nats://c:4222']);
    expect(natsServers(['nats://a:4222', 'nats://b:4222'])).toEqual(['nats://a:4222', 'nats://b:4222']);
  });
});
