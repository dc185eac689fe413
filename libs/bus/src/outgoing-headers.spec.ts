import { describe, expect, it } from '@jest/globals';
import { headers, type MsgHdrs, type MsgHdrsImpl } from '@nats-io/transport-node';
import { outgoingHeaders } from './outgoing-headers.js';

describe('outgoingHeaders', () => {
  const fields = { 'Ironledger-Stream-Id': 'node-7f3a', 'Nats-Msg-Id': 'node-7f3a@4', 'Nats-Expected-Last-Subject-Sequence': ' 12 ' };

  it('puts on the wire what nats.js headers set one by one put there', () => {
    const byNats = headers();
    for (const [name, value] of Object.entries(fields)) byNats.set(name, value);
    // nats.js publishes the bytes of `encode`.
    const wire = (built: MsgHdrs) => new TextDecoder().decode((built as MsgHdrsImpl).encode());
    expect(wire(outgoingHeaders(fields))).toBe(wire(byNats));
  });

  it('reads back like any headers', () => {
    const built = outgoingHeaders(fields);
    expect(built.get('Nats-Msg-Id')).toBe('node-7f3a@4');
    expect(built.get('Nats-Expected-Last-Subject-Sequence')).toBe('12');
    expect(built.keys()).toEqual(Object.keys(fields));
  });

  it('refuses a value that would end the header block, as nats.js does', () => {
    expect(() => outgoingHeaders({ 'Ironledger-Stream-Id': 'node\r\nNats-Msg-Id: forged' })).toThrow(/line break/);
    expect(() => headers().set('Ironledger-Stream-Id', 'node\nx')).toThrow();
  });
});
