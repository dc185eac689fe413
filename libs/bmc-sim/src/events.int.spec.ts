import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { BmcSim } from './server.js';

const BASIC = `Basic ${Buffer.from('admin:password').toString('base64')}`;
let sim: BmcSim;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 3 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await fetch(`${sim.url}/control/fleet`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reset: true }) });
});

async function call(path: string, method = 'GET', body?: unknown): Promise<{ status: number; location: string | null; json: Record<string, unknown> }> {
  const headers: Record<string, string> = { Authorization: BASIC };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.url}${path}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const SUBSCRIPTIONS = '/bmc/2/redfish/v1/EventService/Subscriptions';
const messageId = (json: Record<string, unknown>) => (json.error as { '@Message.ExtendedInfo': { MessageId: string }[] })['@Message.ExtendedInfo'][0]!.MessageId;

describe('EventService', () => {
  it('is linked from the service root and lists the event types a subscription may ask for', async () => {
    expect((await call('/bmc/2/redfish/v1')).json.EventService).toEqual({ '@odata.id': '/bmc/2/redfish/v1/EventService' });
    const service = await call('/bmc/2/redfish/v1/EventService');
    expect(service.status).toBe(200);
    expect(service.json).toMatchObject({
      EventTypesForSubscription: expect.arrayContaining(['Alert', 'StatusChange']),
      Subscriptions: { '@odata.id': SUBSCRIPTIONS },
      Actions: { '#EventService.SubmitTestEvent': { target: '/bmc/2/redfish/v1/EventService/Actions/EventService.SubmitTestEvent' } },
    });
    expect((await call('/bmc/2/redfish/v1/EventService/Actions/EventService.SubmitTestEvent', 'POST', { EventType: 'Alert' })).status).toBe(204);
  });

  it('creates, lists, reads and deletes subscriptions, each BMC its own', async () => {
    const created = await call(SUBSCRIPTIONS, 'POST', { Destination: 'https://collector.example:8443/events', Context: 'rack 7' });
    expect(created.status).toBe(201);
    const id = created.json.Id as string;
    expect(created.location).toBe(`${SUBSCRIPTIONS}/${id}`);
    expect(created.json).toMatchObject({ '@odata.id': `${SUBSCRIPTIONS}/${id}`, Destination: 'https://collector.example:8443/events', Protocol: 'Redfish', Context: 'rack 7', EventTypes: ['Alert'] });
    expect((await call(SUBSCRIPTIONS)).json).toMatchObject({ 'Members@odata.count': 1, Members: [{ '@odata.id': `${SUBSCRIPTIONS}/${id}` }] });
    expect((await call('/bmc/3/redfish/v1/EventService/Subscriptions')).json['Members@odata.count']).toBe(0);
    expect((await call(`/bmc/3/redfish/v1/EventService/Subscriptions/${id}`)).status).toBe(404);
    expect((await call(`${SUBSCRIPTIONS}/${id}`)).json).toMatchObject({ Id: id, Context: 'rack 7' });
    expect((await call(`${SUBSCRIPTIONS}/${id}`, 'DELETE')).status).toBe(204);
    expect((await call(`${SUBSCRIPTIONS}/${id}`, 'DELETE')).status).toBe(404);
    expect((await call(`${SUBSCRIPTIONS}/${id}`)).status).toBe(404);
    expect((await call(SUBSCRIPTIONS)).json['Members@odata.count']).toBe(0);
  });

  it('refuses a subscription without a usable destination, protocol or event types', async () => {
    const refusals: [unknown, string][] = [
      [{}, 'PropertyMissing'],
      [{ Destination: 'not a uri' }, 'PropertyValueFormatError'],
      [{ Destination: 'https://c.example', Protocol: 'SNMPv2c' }, 'PropertyValueNotInList'],
      [{ Destination: 'https://c.example', EventTypes: ['Weather'] }, 'PropertyValueNotInList'],
      [{ Destination: 'https://c.example', Colour: 'red' }, 'PropertyUnknown'],
    ];
    for (const [body, id] of refusals) {
      const answer = await call(SUBSCRIPTIONS, 'POST', body);
      expect([answer.status, messageId(answer.json)]).toEqual([400, `Base.1.18.${id}`]);
    }
    expect((await call(SUBSCRIPTIONS)).json['Members@odata.count']).toBe(0);
  });

  it('forgets the subscriptions of a BMC reset to its defaults', async () => {
    await call(SUBSCRIPTIONS, 'POST', { Destination: 'https://c.example' });
    await fetch(`${sim.url}/control/bmc/2`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ reset: true }) });
    expect((await call(SUBSCRIPTIONS)).json['Members@odata.count']).toBe(0);
  });
});
