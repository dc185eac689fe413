/**
 * BMC passwords through the whole system: JSON Patch cannot move, copy or test them (Ironic's
 * patch schema), and no view, past state, raw event, history record, server-sent event, relayed
 * message or log line shows one, even for events an earlier API stored with a password moved
 * into `extra`.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { NodeCommandHandler } from '@ironledger/application';
import { subscribeSse } from '@ironledger/client';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, LATEST } from '../support/api.js';
import { sleep } from '../support/system.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const PASSWORD = 'Sup3r-S3cret-bmc';
const OTHER = 'An0ther-S3cret';
const system = systemForFile();
const call = apiClient(() => system.baseUrl);

async function enrolled(name: string): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name, driver_info: { redfish_address: 'https://10.0.0.9', redfish_password: PASSWORD, ipmi_password: OTHER } } });
  expect(created.status).toBe(201);
  return created.json.uuid as string;
}

const eventCount = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).length;

describe('JSON Patch', () => {
  it('refuses test, move and copy as Ironic does, the same way for a right and a wrong guess, appending nothing', async () => {
    const uuid = await enrolled('patch-secrets');
    const before = await eventCount(uuid);
    const refusals: [unknown, string][] = [
      [[{ op: 'copy', from: '/driver_info', path: '/extra/c' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ op: 'move', from: '/driver_info/redfish_password', path: '/extra/m' }], "Schema error for patch: Additional properties are not allowed ('from' was unexpected)"],
      [[{ op: 'test', path: '/driver_info/ipmi_password', value: OTHER }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'test', path: '/driver_info/ipmi_password', value: 'wrong guess' }], "Schema error for patch: 'test' is not one of ['add', 'replace', 'remove']"],
      [[{ op: 'add', path: '/extra/a.b', value: 1 }], "Schema error for patch: '/extra/a.b' does not match '^(/[\\\\w-]+)+$'"],
    ];
    for (const [body, message] of refusals) {
      const response = await call('PATCH', `/v1/nodes/${uuid}`, { body });
      expect([response.status, fault(response.json)]).toEqual([400, message]);
    }
    // Checked before the node is looked up, as in Ironic.
    const unknown = await call('PATCH', '/v1/nodes/no-such-node', { body: [{ op: 'test', path: '/extra', value: {} }] });
    expect(unknown.status).toBe(400);
    expect(await eventCount(uuid)).toBe(before);
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [] })).status).toBe(200);
  });
});

describe('secrets', () => {
  it('are masked in every view and feed, also where an earlier API let a password move out of driver_info', async () => {
    const uuid = await enrolled('leaky');
    // What the earlier API stored for `move /driver_info/redfish_password → /extra/m` and `copy /driver_info → /extra/c`.
    const handler = new NodeCommandHandler(await system.store());
    const moved = await handler.handle({
      type: 'UpdateNode',
      nodeId: uuid,
      data: { changes: { driver_info: { redfish_address: 'https://10.0.0.9', ipmi_password: OTHER }, extra: { m: PASSWORD, c: { redfish_password: PASSWORD }, note: `old password was ${PASSWORD}` } } },
      meta: { at: new Date().toISOString(), actor: 'legacy', requestId: 'req-legacy' },
    });
    for (let shown = false; !shown; await sleep(50)) shown = ((await call('GET', `/v1/nodes/${uuid}`)).json.extra as Record<string, unknown>).m !== undefined;

    const served: string[] = [];
    for (const path of [
      `/v1/nodes/${uuid}`,
      `/v1/nodes/${uuid}?fields=extra,driver_info`,
      `/v1/nodes/detail`,
      `/v1/nodes/${uuid}?at=${moved.position}`,
      `/v1/nodes/detail?at=${moved.position}`,
      `/v1/nodes/${uuid}/events`,
      `/v1/nodes/${uuid}/history?detail=true`,
      `/v1/nodes/${uuid}/states`,
    ]) {
      const response = await call('GET', path);
      expect([path, response.status]).toEqual([path, 200]);
      served.push(response.text);
    }
    const viewed = (await call('GET', `/v1/nodes/${uuid}`)).json;
    expect(viewed.extra).toEqual({ m: '******', c: { redfish_password: '******' }, note: 'old password was ******' });

    // Server-sent events from the start of the log.
    const sse = subscribeSse({ baseUrl: system.baseUrl, from: 0, nodeId: uuid, headers: LATEST });
    for await (const received of sse) {
      served.push(JSON.stringify(received));
      if (received.position >= moved.position) break;
    }
    await sse.close();

    // The subscribers' NATS stream.
    const nc = await connect({ servers: system.natsUrl });
    try {
      const jsm = await jetstreamManager(nc);
      for (let relayed = false; !relayed; await sleep(50)) {
        const { state } = await jsm.streams.info(system.relayStream);
        const last = await jsm.streams.getMessage(system.relayStream, { seq: state.last_seq });
        relayed = Number(last?.header.get('Ironledger-Position')) >= moved.position;
      }
      const { state } = await jsm.streams.info(system.relayStream);
      for (let seq = state.first_seq; seq <= state.last_seq; seq++) served.push((await jsm.streams.getMessage(system.relayStream, { seq }))?.string() ?? '');
    } finally {
      await nc.close();
    }
    served.push(system.logs());

    const leaks = served.filter((text) => text.includes(PASSWORD) || text.includes(OTHER));
    expect(leaks).toEqual([]);
    expect(served.join('\n')).toContain(uuid);
  });
});
