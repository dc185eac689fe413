/**
 * Hostile input at the edge: bodies nested too deep, URLs the router cannot read, requests that
 * never finish their headers, more event streams than allowed. Each gets a 4xx in Ironic's error
 * body, and nothing is appended.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { connect as connectTcp } from 'node:net';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault } from '../support/api.js';
import { rawRequest } from '../support/routes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(120_000);

const system = systemForFile({ env: { HTTP_HEADERS_TIMEOUT_MS: '1000', EVENTS_MAX_CLIENTS: '3' } });
const call = apiClient(() => system.baseUrl);

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const ironicFault = (text: string) => (JSON.parse((JSON.parse(text) as { error_message: string }).error_message) as { faultstring: string }).faultstring;

describe('the edge', () => {
  it('refuses JSON nested deeper than 32 levels with 400, whatever the endpoint, appending nothing', async () => {
    const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', name: 'deep' } });
    const uuid = created.json.uuid as string;
    const before = (await (await system.store()).readStream(nodeStreamId(uuid))).length;
    const refusals = [
      await call('PATCH', `/v1/nodes/${uuid}`, { raw: `[{"op": "add", "path": "/extra/x", "value": ${nested(5000)}}]` }),
      // 1,000 levels in 2 KB: accepted before, and it then broke `baremetal node list --long` for every node.
      await call('PATCH', `/v1/nodes/${uuid}`, { raw: `[{"op": "add", "path": "/extra/x", "value": ${nested(1000)}}]` }),
      await call('POST', '/v1/nodes', { raw: `{"driver": "fake-hardware", "properties": {"x": ${nested(40)}}}` }),
      await call('POST', '/v1/continue', { raw: nested(50_000) }),
    ];
    for (const response of refusals) expect([response.status, fault(response.json)]).toEqual([400, 'The request body nests JSON arrays and objects more than 32 levels deep.']);
    expect((await call('PATCH', `/v1/nodes/${uuid}`, { body: [{ op: 'add', path: '/extra/x', value: JSON.parse(nested(20)) }] })).status).toBe(200);
    expect((await (await system.store()).readStream(nodeStreamId(uuid))).length).toBe(before + 1);
  });

  it('answers what the router refuses in Ironic’s error body', async () => {
    const badUrl = await rawRequest(system.baseUrl, 'GET', '/v1/nodes/%zz');
    expect([badUrl.status, ironicFault(badUrl.body)]).toEqual([400, 'The request URL is not valid.']);
    const long = await rawRequest(system.baseUrl, 'GET', `/v1/nodes/${'a'.repeat(2000)}`);
    expect([long.status, ironicFault(long.body)]).toEqual([414, 'The request URI is too long.']);
    // A 255-character name is still a name.
    expect((await rawRequest(system.baseUrl, 'GET', `/v1/nodes/${'a'.repeat(255)}`)).status).toBe(404);
  });

  it('reads UUIDs in braces or after urn:uuid: as UUIDs, as Ironic 21.4 does (not found, not a bad name)', async () => {
    const braced = '{1be26c0b-03f2-4d2e-ae87-c02d7f33c123}';
    const urn = 'urn:uuid:1be26c0b03f24d2eae87c02d7f33c123';
    const cases: [string, number, string][] = [
      [`/v1/nodes/${encodeURIComponent(braced)}`, 404, `Node ${braced} could not be found.`],
      [`/v1/ports?node_uuid=${encodeURIComponent(braced)}`, 404, `Node ${braced} could not be found.`],
      [`/v1/allocations/${encodeURIComponent(braced)}`, 404, `Allocation ${braced} could not be found.`],
      [`/v1/deploy_templates/${encodeURIComponent(braced)}`, 404, `Deploy template ${braced} could not be found.`],
      [`/v1/allocations?node=${encodeURIComponent(braced)}`, 400, `Node ${braced} could not be found.`],
      [`/v1/nodes/${urn}/states`, 404, `Node ${urn} could not be found.`],
    ];
    for (const [path, status, message] of cases) {
      const answer = await call('GET', path);
      expect([path, answer.status, fault(answer.json)]).toEqual([path, status, message]);
    }
  });

  it('cuts off a client that does not finish its request headers', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const { port } = new URL(system.baseUrl);
      const socket = connectTcp(Number(port), '127.0.0.1', () => socket.write('GET /v1 HTTP/1.1\r\nHost: x\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ironicFault(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toBe('Request Timeout');
  });

  it('holds at most EVENTS_MAX_CLIENTS event streams, refusing more with 429 until one closes', async () => {
    const streams = await Promise.all([1, 2, 3].map(() => fetch(`${system.baseUrl}/v1/events`)));
    expect(streams.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await fetch(`${system.baseUrl}/v1/events`);
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([429, '5']);
    expect(fault((await refused.json()) as Record<string, unknown>)).toBe('Too many event streams are open (3); retry later.');
    await streams[0]!.body!.cancel();
    let status = 0;
    for (const deadline = Date.now() + 5000; status !== 200 && Date.now() < deadline; ) {
      const again = await fetch(`${system.baseUrl}/v1/events`);
      status = again.status;
      await again.body?.cancel();
    }
    expect(status).toBe(200);
    await Promise.all(streams.slice(1).map((r) => r.body!.cancel()));
  });
});
