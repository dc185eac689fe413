/**
 * Blade enclosures over HTTP: one Redfish service over several systems, with its own account and
 * sessions; each system keeps its own power and virtual media, and faults.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { enclosureUuid } from './enclosures.js';
import { BmcSim } from './server.js';

const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
const BASIC = basic('admin', 'password');
let sim: BmcSim;

beforeAll(async () => {
  // Enclosure 1 manages systems 1-3, enclosure 2 systems 4-6; system 7 is in none.
  sim = await BmcSim.start({ port: 0, systems: 7, enclosureSize: 3 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off', dropSessions: true });
  for (const enclosure of sim.enclosures) sim.controlEnclosure(enclosure.index, { reset: true, dropSessions: true });
});

async function call(path: string, { method = 'GET', body, auth = BASIC, token }: { method?: string; body?: unknown; auth?: string | null; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers['X-Auth-Token'] = token;
  else if (auth) headers.Authorization = auth;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

const v1 = (e: number) => `/enclosure/${e}/redfish/v1`;
const members = (json: Record<string, unknown>) => (json.Members as { '@odata.id': string }[]).map((member) => member['@odata.id']);

describe('a blade enclosure', () => {
  it('is one service root listing the systems it manages, and only those', async () => {
    expect(sim.enclosures.map((e) => [e.index, e.first, e.last])).toEqual([[1, 1, 3], [2, 4, 6]]);
    expect(sim.enclosureUrl(2)).toBe(`${sim.url}/enclosure/2`);
    const root = await call(`${v1(2)}/`, { auth: null });
    expect(root.status).toBe(200);
    expect(root.json).toMatchObject({ '@odata.id': v1(2), UUID: enclosureUuid(2), Systems: { '@odata.id': `${v1(2)}/Systems` }, Links: { Sessions: { '@odata.id': `${v1(2)}/SessionService/Sessions` } } });
    expect((await call('/enclosure/2/redfish', { auth: null })).json).toEqual({ v1: `${v1(2)}/` });
    expect(members((await call(`${v1(2)}/Systems`)).json)).toEqual([4, 5, 6].map((n) => `${v1(2)}/Systems/${n}`));
    expect(members((await call(`${v1(2)}/Managers`)).json)).toEqual([4, 5, 6].map((n) => `${v1(2)}/Managers/${n}`));
    expect(members((await call(`${v1(2)}/Chassis`)).json)).toEqual([4, 5, 6].map((n) => `${v1(2)}/Chassis/${n}`));
    const system = await call(`${v1(2)}/Systems/5`);
    expect(system.json).toMatchObject({ '@odata.id': `${v1(2)}/Systems/5`, Id: '5', Links: { ManagedBy: [{ '@odata.id': `${v1(2)}/Managers/5` }] } });
  });

  it('answers 404 for systems, managers and chassis it does not manage, and for enclosures that do not exist', async () => {
    for (const path of [`${v1(2)}/Systems/3`, `${v1(2)}/Systems/7`, `${v1(2)}/Systems/999`, `${v1(2)}/Managers/1`, `${v1(2)}/Chassis/7`, '/enclosure/3/redfish/v1/', '/enclosure/02/redfish/v1/Systems']) {
      expect([path, (await call(path)).status]).toEqual([path, 404]);
    }
    expect((await call(`${v1(1)}/Systems/3/Actions/ComputerSystem.Reset`, { method: 'POST', body: { ResetType: 'On' } })).status).toBe(204);
    expect((await call(`${v1(2)}/Systems/3/Actions/ComputerSystem.Reset`, { method: 'POST', body: { ResetType: 'ForceOff' } })).status).toBe(404);
    expect(sim.bmcs[2]!.power).toBe('On');
  });

  it('powers each system on its own, as the system’s own BMC and the root service see it', async () => {
    expect((await call(`${v1(1)}/Systems/2/Actions/ComputerSystem.Reset`, { method: 'POST', body: { ResetType: 'On' } })).status).toBe(204);
    expect(sim.bmcs.map((bmc) => bmc.power)).toEqual(['Off', 'On', 'Off', 'Off', 'Off', 'Off', 'Off']);
    expect((await call(`${v1(1)}/Systems/2`)).json.PowerState).toBe('On');
    expect((await call(`${v1(1)}/Systems/1`)).json.PowerState).toBe('Off');
    expect((await call('/bmc/2/redfish/v1/Systems/2')).json.PowerState).toBe('On');
    expect((await call('/redfish/v1/Systems/2')).json.PowerState).toBe('On');
    // The system's faults apply through the enclosure too.
    sim.control(3, { failStatus: 503, failCount: 1 });
    expect((await call(`${v1(1)}/Systems/3`)).status).toBe(503);
    expect((await call(`${v1(1)}/Systems/1`)).status).toBe(200);
  });

  it('inserts virtual media into the manager of the system asked for', async () => {
    const insert = await call(`${v1(2)}/Managers/6/VirtualMedia/Cd/Actions/VirtualMedia.InsertMedia`, { method: 'POST', body: { Image: 'http://images.example/six.iso' } });
    expect(insert.status).toBe(204);
    expect(sim.bmcs[5]!.media.Cd).toMatchObject({ image: 'http://images.example/six.iso', inserted: true });
    expect([sim.bmcs[3]!.media, sim.bmcs[4]!.media]).toEqual([{}, {}]);
    expect((await call(`${v1(2)}/Managers/6/VirtualMedia/Cd`)).json).toMatchObject({ Image: 'http://images.example/six.iso', Inserted: true });
    expect((await call(`${v1(2)}/Managers/5/VirtualMedia/Cd`)).json).toMatchObject({ Image: null, Inserted: false });
  });

  it('has its own account and sessions: a token works for every system it manages, and nowhere else', async () => {
    const login = await call(`${v1(1)}/SessionService/Sessions`, { method: 'POST', body: { UserName: 'admin', Password: 'password' }, auth: null });
    expect(login.status).toBe(201);
    const token = login.headers.get('x-auth-token')!;
    expect(login.headers.get('location')).toMatch(new RegExp(`^${v1(1)}/SessionService/Sessions/\\d+$`));
    for (const n of [1, 2, 3]) expect((await call(`${v1(1)}/Systems/${n}`, { token })).status).toBe(200);
    expect((await call(`${v1(2)}/Systems/4`, { token })).status).toBe(401);
    expect((await call('/bmc/1/redfish/v1/Systems/1', { token })).status).toBe(401);
    expect((await call('/redfish/v1/Systems/1', { token })).status).toBe(401);
    expect(await (await fetch(`${sim.url}/control/enclosure/1`)).json()).toEqual({ index: 1, systems: [1, 2, 3], username: 'admin', sessions: 1 });

    // A new password ends the sessions; the systems' own BMCs keep theirs.
    const changed = await fetch(`${sim.url}/control/enclosure/1`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: 'blade' }) });
    expect(changed.status).toBe(200);
    expect((await call(`${v1(1)}/Systems/1`, { token })).status).toBe(401);
    expect((await call(`${v1(1)}/Systems/1`)).status).toBe(401);
    expect((await call(`${v1(1)}/Systems/1`, { auth: basic('admin', 'blade') })).status).toBe(200);
    expect((await call('/bmc/1/redfish/v1/Systems/1')).status).toBe(200);
  });

  it('refuses unknown control fields and enclosures', async () => {
    const put = (e: string, body: unknown) => fetch(`${sim.url}/control/enclosure/${e}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await put('1', { latencyMs: 5 })).status).toBe(400);
    expect((await put('3', { password: 'x' })).status).toBe(404);
    expect((await fetch(`${sim.url}/control/enclosure/0`)).status).toBe(404);
    expect(() => sim.controlEnclosure(3, {})).toThrow('no enclosure 3; there are 2');
    expect(((await (await fetch(`${sim.url}/control/fleet`)).json()) as { enclosures: number }).enclosures).toBe(2);
  });

  it('is none by default, and a size larger than the fleet is refused', async () => {
    const plain = await BmcSim.start({ port: 0, systems: 2 });
    try {
      expect(plain.enclosures).toEqual([]);
      expect((await fetch(`${plain.url}/enclosure/1/redfish/v1/`)).status).toBe(404);
    } finally {
      await plain.close();
    }
    await expect(BmcSim.start({ port: 0, systems: 2, enclosureSize: 3 })).rejects.toThrow('enclosureSize must be an integer from 0 to the number of systems (2), not 3');
  });
});
