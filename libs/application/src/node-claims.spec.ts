import { describe, expect, it } from '@jest/globals';
import { type NodeCommand, type Port, type ReceiveCommand } from '@ironledger/domain';
import { claimsWantedBy, receivedClaims } from './node-claims.js';

const meta = { at: '2026-01-01T00:00:00.000Z', actor: 'operator', requestId: 'req-1' };
const command = (type: string, data: object) => ({ type, nodeId: 'node-a', data, meta }) as NodeCommand;

describe('the unique values a command gives its node', () => {
  it('names a new port’s MAC address (normalized) and UUID', () => {
    expect(claimsWantedBy(command('AddPort', { uuid: 'p1', address: '52:54:00:AA:BB:01' }))).toEqual([
      { kind: 'mac', value: '52:54:00:aa:bb:01' },
      { kind: 'port', value: 'p1' },
    ]);
  });

  it('names a node’s name and instance, but not an empty name or a removed instance', () => {
    expect(claimsWantedBy(command('RegisterNode', { driver: 'fake-hardware', name: 'rack-1', instance_uuid: 'i1' }))).toEqual([
      { kind: 'name', value: 'rack-1' },
      { kind: 'instance', value: 'i1' },
    ]);
    expect(claimsWantedBy(command('UpdateNode', { changes: { name: '', instance_uuid: null } }))).toEqual([]);
  });

  it('names nothing for a command that gives no unique value', () => {
    expect(claimsWantedBy(command('RequestPowerAction', { target: 'power on' }))).toEqual([]);
  });
});

describe('the unique values a moved item holds at its destination', () => {
  it('are those of the item with its changes made', () => {
    const port = { uuid: 'p1', address: '52:54:00:aa:bb:01' } as Port;
    const receive = { type: 'ReceivePort', nodeId: 'node-b', data: { port, changes: { address: '52:54:00:aa:bb:02' }, from_node: 'node-a' }, meta } as unknown as ReceiveCommand;
    expect(receivedClaims(receive)).toEqual([
      { kind: 'mac', value: '52:54:00:aa:bb:02' },
      { kind: 'port', value: 'p1' },
    ]);
  });
});
