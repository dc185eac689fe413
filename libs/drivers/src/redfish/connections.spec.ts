/**
 * Which client a node gets: one per BMC and everything that decides how the BMC is talked to,
 * shared by the nodes behind it whatever system each names. Making a client does no I/O.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { type JsonObject } from '@ironledger/domain';
import { RedfishConnections } from './connections.js';
import { parseDriverInfo, type RedfishDriverInfo } from './driver-info.js';
import { redfishNode } from './test-node.js';

const BASE = { redfish_address: 'http://10.0.0.5:8000/chassis', redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'session' };
const info = (driverInfo: JsonObject = {}) => parseDriverInfo(redfishNode(1, { ...BASE, ...driverInfo }));
let connections: RedfishConnections;

afterEach(async () => {
  await connections?.close();
});

describe('the client of a node', () => {
  it('is shared by the nodes behind one BMC, whatever system each names, and carries no node’s system', () => {
    connections = new RedfishConnections();
    const first = connections.system(info({ redfish_system_id: '/redfish/v1/Systems/1' }));
    const second = connections.system(info({ redfish_system_id: '/redfish/v1/Systems/2' }));
    const discovering = connections.system(info());
    expect(second.client).toBe(first.client);
    expect(discovering.client).toBe(first.client);
    expect([first.systemId, second.systemId, discovering.systemId]).toEqual(['/chassis/redfish/v1/Systems/1', '/chassis/redfish/v1/Systems/2', null]);
    expect(first.client.info).not.toHaveProperty('systemId');
  });

  it.each<[string, JsonObject]>([
    ['another address', { redfish_address: 'http://10.0.0.6:8000/chassis' }],
    ['another path prefix', { redfish_address: 'http://10.0.0.5:8000/other' }],
    ['another scheme', { redfish_address: 'https://10.0.0.5:8000/chassis' }],
    ['another user', { redfish_username: 'operator' }],
    ['another password', { redfish_password: 'corrected' }],
    ['another CA setting', { redfish_verify_ca: false }],
    ['another auth type', { redfish_auth_type: 'basic' }],
  ])('is another one for %s', (_what, changed) => {
    connections = new RedfishConnections();
    const before = connections.client(info());
    const after = connections.client(info(changed));
    expect(after).not.toBe(before);
    // The first is still there for the nodes that keep the old settings.
    expect(connections.client(info())).toBe(before);
  });

  it('is another one when any field of the BMC’s info differs (a field added later included)', () => {
    connections = new RedfishConnections();
    const base = info();
    const first = connections.client(base);
    const fields = Object.keys(base).filter((key) => key !== 'systemId') as (keyof RedfishDriverInfo)[];
    for (const field of fields) {
      const value = base[field];
      const changed = { ...base, [field]: typeof value === 'boolean' ? !value : `x${String(value)}` } as RedfishDriverInfo;
      expect([field, connections.client(changed) === first]).toEqual([field, false]);
    }
  });

  it('keeps the maxClients used last and closes the others', () => {
    connections = new RedfishConnections({ maxClients: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((password) => info({ redfish_password: password }));
    const clientA = connections.client(a!);
    connections.client(b!);
    expect(connections.client(a!)).toBe(clientA);
    connections.client(c!);
    // b was used least recently: it went; a stayed.
    expect(connections.client(a!)).toBe(clientA);
    const againB = connections.client(b!);
    expect(connections.client(c!)).not.toBe(againB);
  });
});
