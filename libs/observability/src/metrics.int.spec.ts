import { describe, expect, it } from '@jest/globals';
import { type AddressInfo } from 'node:net';
import { serveMetrics, serviceRegistry } from './metrics.js';

describe('serveMetrics', () => {
  it('listens on loopback unless told otherwise: its endpoints are unauthenticated', async () => {
    const server = await serveMetrics(serviceRegistry('test'), 0);
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe('127.0.0.1');
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});
