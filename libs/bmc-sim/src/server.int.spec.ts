import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type BmcControl } from './model.js';
import { BmcSim } from './server.js';

const BASIC = `Basic ${Buffer.from('admin:password').toString('base64')}`;
let sim: BmcSim;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 50 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await control('/control/fleet', 'POST', { reset: true, powerState: 'Off', dropSessions: true });
});

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown>;
}

async function call(path: string, init: RequestInit & { auth?: string | null; token?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
  if (init.token) headers['X-Auth-Token'] = init.token;
  else if (init.auth !== null) headers.Authorization = init.auth ?? BASIC;
  if (init.body) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${sim.url}${path}`, { ...init, headers });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  return { status: response.status, headers: response.headers, text, json };
}

const control = (path: string, method: string, body: unknown) => call(path, { method, body: JSON.stringify(body), auth: null });
const configure = (n: number, body: BmcControl) => control(`/control/bmc/${n}`, 'PUT', body);
const system = (n: number) => `/bmc/${n}/redfish/v1/Systems/${n}`;
const resetPath = (n: number) => `${system(n)}/Actions/ComputerSystem.Reset`;
const reset = (n: number, resetType: unknown, auth?: string) => call(resetPath(n), { method: 'POST', body: JSON.stringify({ ResetType: resetType }), auth });
const powerState = async (n: number) => (await call(system(n))).json.PowerState;
const messageId = (answer: Answer) => ((answer.json.error as Record<string, unknown>)['@Message.ExtendedInfo'] as Record<string, unknown>[])[0]!.MessageId;

describe('Redfish resources', () => {
  it('serve the service root without credentials, linking Systems and sessions', async () => {
    const root = await call('/bmc/4/redfish/v1/', { auth: null });
    expect(root.status).toBe(200);
    expect(root.headers.get('odata-version')).toBe('4.0');
    expect(root.json).toMatchObject({
      '@odata.id': '/bmc/4/redfish/v1',
      '@odata.type': expect.stringMatching(/^#ServiceRoot\.v1_\d+_\d+\.ServiceRoot$/),
      RedfishVersion: expect.any(String),
      Systems: { '@odata.id': '/bmc/4/redfish/v1/Systems' },
      SessionService: { '@odata.id': '/bmc/4/redfish/v1/SessionService' },
      Links: { Sessions: { '@odata.id': '/bmc/4/redfish/v1/SessionService/Sessions' } },
    });
    expect((await call('/redfish/v1', { auth: null })).json.Systems).toEqual({ '@odata.id': '/redfish/v1/Systems' });
    expect((await call('/bmc/4/redfish', { auth: null })).json).toEqual({ v1: '/bmc/4/redfish/v1/' });
  });

  it('list one system per BMC prefix and every system at the root', async () => {
    const one = await call('/bmc/4/redfish/v1/Systems');
    expect(one.json).toMatchObject({ 'Members@odata.count': 1, Members: [{ '@odata.id': '/bmc/4/redfish/v1/Systems/4' }] });
    const all = await call('/redfish/v1/Systems');
    expect(all.json['Members@odata.count']).toBe(50);
    expect((all.json.Members as unknown[])[49]).toEqual({ '@odata.id': '/redfish/v1/Systems/50' });
  });

  it('serve a ComputerSystem written to the DMTF schema, at its BMC and at the root', async () => {
    const answer = await call(system(4));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      '@odata.id': '/bmc/4/redfish/v1/Systems/4',
      '@odata.type': expect.stringMatching(/^#ComputerSystem\.v1_\d+_\d+\.ComputerSystem$/),
      Id: '4',
      Name: expect.any(String),
      PowerState: 'Off',
      Status: { State: 'Enabled', Health: 'OK' },
      ProcessorSummary: { Count: expect.any(Number) },
      MemorySummary: { TotalSystemMemoryGiB: expect.any(Number) },
      Actions: {
        '#ComputerSystem.Reset': {
          target: '/bmc/4/redfish/v1/Systems/4/Actions/ComputerSystem.Reset',
          'ResetType@Redfish.AllowableValues': expect.arrayContaining(['On', 'ForceOff', 'GracefulShutdown', 'GracefulRestart', 'ForceRestart']),
        },
      },
    });
    const atRoot = await call('/redfish/v1/Systems/4');
    expect(atRoot.json).toMatchObject({ '@odata.id': '/redfish/v1/Systems/4', Id: '4', UUID: answer.json.UUID });
  });

  it('answer 404 with a Redfish error for systems and paths that do not exist', async () => {
    for (const path of ['/bmc/4/redfish/v1/Systems/5', '/bmc/51/redfish/v1/Systems/51', '/bmc/04/redfish/v1/Systems/4', '/redfish/v1/Systems/0', '/redfish/v1/UpdateService', '/bmc/4/redfish/v1/Chassis/5', '/bmc/4/redfish/v1/Managers/5']) {
      const answer = await call(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(messageId(answer)).toMatch(/^Base\.1\.\d+\.ResourceMissingAtURI$/);
    }
  });
});

describe('basic auth', () => {
  it('refuses missing or wrong credentials with 401 and WWW-Authenticate: Basic', async () => {
    for (const auth of [null, `Basic ${Buffer.from('admin:nope').toString('base64')}`, 'Bearer x']) {
      const answer = await call(system(1), { auth });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Basic /);
      expect(messageId(answer)).toMatch(/NoValidSession$/);
    }
  });

  it('accepts the scheme in any case', async () => {
    expect((await call(system(1), { auth: `basic ${Buffer.from('admin:password').toString('base64')}` })).status).toBe(200);
  });

  it('uses each BMC’s own credentials, which the control API changes', async () => {
    await configure(2, { username: 'root', password: 'calvin' });
    expect((await call(system(2))).status).toBe(401);
    expect((await call(system(2), { auth: `Basic ${Buffer.from('root:calvin').toString('base64')}` })).status).toBe(200);
    expect((await call(system(3))).status).toBe(200);
  });
});

describe('sessions', () => {
  const login = (n: number, body: unknown = { UserName: 'admin', Password: 'password' }) =>
    call(`/bmc/${n}/redfish/v1/SessionService/Sessions`, { method: 'POST', body: JSON.stringify(body), auth: null });

  it('open with POST, answering X-Auth-Token and Location, and work until deleted', async () => {
    const opened = await login(5);
    expect(opened.status).toBe(201);
    const token = opened.headers.get('x-auth-token')!;
    const location = opened.headers.get('location')!;
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(location).toMatch(/^\/bmc\/5\/redfish\/v1\/SessionService\/Sessions\/\d+$/);
    expect(opened.json).toMatchObject({ '@odata.id': location, UserName: 'admin', '@odata.type': expect.stringMatching(/^#Session\./) });

    expect((await call(system(5), { token })).status).toBe(200);
    expect((await call(location, { token })).json.UserName).toBe('admin');
    expect((await call('/bmc/5/redfish/v1/SessionService/Sessions', { token })).json['Members@odata.count']).toBe(1);
    expect((await call('/bmc/5/redfish/v1/SessionService', { token })).json).toMatchObject({ ServiceEnabled: true, SessionTimeout: 1800 });

    expect((await call(location, { method: 'DELETE', token })).status).toBe(204);
    expect((await call(system(5), { token })).status).toBe(401);
  });

  it('are valid only at the BMC that opened them', async () => {
    const token = (await login(5)).headers.get('x-auth-token')!;
    expect((await call(system(6), { token })).status).toBe(401);
    expect((await call('/redfish/v1/Systems/5', { token })).status).toBe(401);
  });

  it('refuse wrong credentials and incomplete bodies', async () => {
    expect((await login(5, { UserName: 'admin', Password: 'nope' })).status).toBe(401);
    const missing = await login(5, { UserName: 'admin' });
    expect(missing.status).toBe(400);
    expect(messageId(missing)).toMatch(/PropertyMissing$/);
  });

  it('end when the password changes or the BMC is told to drop them', async () => {
    const first = (await login(5)).headers.get('x-auth-token')!;
    await configure(5, { dropSessions: true });
    expect((await call(system(5), { token: first })).status).toBe(401);
    const second = (await login(5)).headers.get('x-auth-token')!;
    await configure(5, { password: 'changed' });
    expect((await call(system(5), { token: second })).status).toBe(401);
  });

  it('open at the root with the root account and work for every system there', async () => {
    const opened = await call('/redfish/v1/SessionService/Sessions', { method: 'POST', body: JSON.stringify({ UserName: 'admin', Password: 'password' }), auth: null });
    const token = opened.headers.get('x-auth-token')!;
    expect(opened.headers.get('location')).toMatch(/^\/redfish\/v1\/SessionService\/Sessions\/\d+$/);
    expect((await call('/redfish/v1/Systems/9', { token })).status).toBe(200);
    expect((await call(system(9), { token })).status).toBe(401);
  });
});

describe('ComputerSystem.Reset', () => {
  it.each([
    ['On', 'Off', 'On'],
    ['ForceOn', 'Off', 'On'],
    ['ForceOff', 'On', 'Off'],
    ['GracefulShutdown', 'On', 'Off'],
    ['GracefulRestart', 'On', 'On'],
    ['ForceRestart', 'Off', 'On'],
    ['PowerCycle', 'On', 'On'],
    ['PushPowerButton', 'On', 'Off'],
    ['Nmi', 'On', 'On'],
  ])('%s from %s answers 204 and leaves the system %s', async (resetType, from, to) => {
    await configure(7, { powerState: from as 'On' | 'Off' });
    const answer = await reset(7, resetType);
    expect(answer.status).toBe(204);
    expect(await powerState(7)).toBe(to);
    expect((await call('/control/bmc/7', { auth: null })).json).toMatchObject({ lastResetType: resetType });
  });

  it('works at the root path too', async () => {
    const answer = await call('/redfish/v1/Systems/8/Actions/ComputerSystem.Reset', { method: 'POST', body: JSON.stringify({ ResetType: 'On' }) });
    expect(answer.status).toBe(204);
    expect(await powerState(8)).toBe('On');
  });

  it('refuses an unknown or disallowed ResetType with 400 ActionParameterValueNotInList', async () => {
    const unknown = await reset(7, 'Explode');
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toMatchObject({
      code: expect.stringMatching(/^Base\.1\.\d+\.ActionParameterValueNotInList$/),
      message: expect.stringContaining("'Explode'"),
      '@Message.ExtendedInfo': [{ MessageId: expect.stringMatching(/ActionParameterValueNotInList$/), MessageArgs: ['Explode', 'ResetType', 'ComputerSystem.Reset'] }],
    });
    await configure(7, { resetTypes: ['ForceOff'] });
    expect((await reset(7, 'On')).status).toBe(400);
    expect((await call(system(7))).json.Actions).toEqual({
      '#ComputerSystem.Reset': { target: resetPath(7), 'ResetType@Redfish.AllowableValues': ['ForceOff'] },
    });
    expect(await powerState(7)).toBe('Off');
  });

  it('can list its allowed types in an ActionInfo resource instead of inline', async () => {
    await configure(7, { actionInfo: true, resetTypes: ['On', 'ForceOff'] });
    const action = ((await call(system(7))).json.Actions as Record<string, Record<string, unknown>>)['#ComputerSystem.Reset']!;
    expect(action).toEqual({ target: resetPath(7), '@Redfish.ActionInfo': `${system(7)}/ResetActionInfo` });
    const info = await call(action['@Redfish.ActionInfo'] as string);
    expect(info.json).toMatchObject({ '@odata.type': expect.stringMatching(/^#ActionInfo\./), Parameters: [{ Name: 'ResetType', AllowableValues: ['On', 'ForceOff'] }] });
  });

  it('refuses a missing ResetType and malformed JSON', async () => {
    const missing = await call(resetPath(7), { method: 'POST', body: '{}' });
    expect([missing.status, messageId(missing)]).toEqual([400, expect.stringMatching(/ActionParameterMissing$/)]);
    const malformed = await call(resetPath(7), { method: 'POST', body: '{"ResetType":' });
    expect([malformed.status, messageId(malformed)]).toEqual([400, expect.stringMatching(/MalformedJSON$/)]);
  });

  it('needs credentials', async () => {
    expect((await reset(7, 'On', `Basic ${Buffer.from('admin:x').toString('base64')}`)).status).toBe(401);
    expect(await powerState(7)).toBe('Off');
  });
});

describe('faults', () => {
  it('latency delays every answer', async () => {
    await configure(10, { latencyMs: 150 });
    const started = Date.now();
    expect((await call(system(10))).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('a hanging BMC holds requests until the hang is lifted, then answers them', async () => {
    await configure(11, { hang: true });
    const pending = call(system(11));
    const timedOut = await call(system(11), { signal: AbortSignal.timeout(200) }).catch((error: Error) => error.name);
    expect(timedOut).toBe('TimeoutError');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call('/control/bmc/11', { auth: null })).json).toMatchObject({ hang: true, held: 1 });
    await configure(11, { hang: false });
    expect((await pending).status).toBe(200);
  });

  it('injected failures answer with the status and a Redfish error, every time or N times', async () => {
    await configure(12, { failStatus: 500 });
    for (let i = 0; i < 3; i++) expect((await call(system(12))).status).toBe(500);
    await configure(12, { failStatus: 503, failCount: 2 });
    const first = await call(system(12));
    expect([first.status, messageId(first)]).toEqual([503, expect.stringMatching(/ServiceTemporarilyUnavailable$/)]);
    expect((await call(system(12))).status).toBe(503);
    expect((await call(system(12))).status).toBe(200);
  });

  it('a garbled BMC answers 200 with a body that is not JSON', async () => {
    await configure(13, { garbled: true });
    const answer = await call(system(13));
    expect(answer.status).toBe(200);
    expect(() => JSON.parse(answer.text)).toThrow();
  });

  it('delayed power changes show PoweringOn, then On', async () => {
    await configure(14, { powerDelayMs: 300 });
    expect((await reset(14, 'On')).status).toBe(204);
    expect(await powerState(14)).toBe('PoweringOn');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await powerState(14)).toBe('On');
  });

  it('delayed power changes can show the old state meanwhile', async () => {
    await configure(14, { powerDelayMs: 300, powerDelayShows: 'old', powerState: 'On' });
    await reset(14, 'ForceOff');
    expect(await powerState(14)).toBe('On');
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await powerState(14)).toBe('Off');
  });

  it('power flipped behind the service’s back shows at once', async () => {
    await configure(15, { powerState: 'On' });
    expect(await powerState(15)).toBe('On');
    await configure(15, { powerState: 'Off' });
    expect(await powerState(15)).toBe('Off');
  });

  it('flapping power toggles by itself', async () => {
    await configure(16, { flapMs: 100 });
    const seen = new Set<unknown>();
    for (let i = 0; i < 6; i++) {
      seen.add(await powerState(16));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    expect(seen).toEqual(new Set(['On', 'Off']));
  });

  it('a BMC without a SessionService does not link one and answers 404 there', async () => {
    await configure(18, { sessionService: false });
    expect((await call('/bmc/18/redfish/v1', { auth: null })).json).not.toHaveProperty('SessionService');
    const login = await call('/bmc/18/redfish/v1/SessionService/Sessions', { method: 'POST', body: JSON.stringify({ UserName: 'admin', Password: 'password' }), auth: null });
    expect(login.status).toBe(404);
    expect((await call(system(18))).status).toBe(200);
  });

  it('apply to a system at the root path too', async () => {
    await configure(17, { failStatus: 500 });
    expect((await call('/redfish/v1/Systems/17')).status).toBe(500);
    expect((await call('/redfish/v1/Systems/18')).status).toBe(200);
  });
});

describe('management resources', () => {
  const patch = (path: string, body: unknown, headers: Record<string, string> = {}) => call(path, { method: 'PATCH', body: JSON.stringify(body), headers });
  const post = (path: string, body?: unknown) => call(path, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const bios = (n: number) => `${system(n)}/Bios`;
  const boot = async (n: number) => (await call(system(n))).json.Boot as Record<string, unknown>;

  it('a system shows its boot override, LED, SecureBoot, Bios and chassis, and its ETag', async () => {
    const answer = await call(system(21));
    expect(answer.headers.get('etag')).toBe(answer.json['@odata.etag']);
    expect(answer.json).toMatchObject({
      IndicatorLED: 'Off',
      Boot: { BootSourceOverrideTarget: 'None', BootSourceOverrideEnabled: 'Disabled', BootSourceOverrideMode: 'UEFI', 'BootSourceOverrideTarget@Redfish.AllowableValues': expect.arrayContaining(['Pxe', 'Hdd', 'Cd', 'BiosSetup']) },
      SecureBoot: { '@odata.id': '/bmc/21/redfish/v1/Systems/21/SecureBoot' },
      Bios: { '@odata.id': '/bmc/21/redfish/v1/Systems/21/Bios' },
      Links: { Chassis: [{ '@odata.id': '/bmc/21/redfish/v1/Chassis/21' }] },
    });
    expect((await call('/bmc/21/redfish/v1', { auth: null })).json).toMatchObject({ Chassis: { '@odata.id': '/bmc/21/redfish/v1/Chassis' }, Registries: { '@odata.id': '/bmc/21/redfish/v1/Registries' } });
  });

  it('PATCHes the boot override when the ETag matches, and refuses a stale one', async () => {
    const etag = (await call(system(21))).headers.get('etag')!;
    expect((await patch(system(21), { Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Continuous' } }, { 'If-Match': etag })).status).toBe(204);
    expect(await boot(21)).toMatchObject({ BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Continuous' });
    const stale = await patch(system(21), { Boot: { BootSourceOverrideTarget: 'Hdd' } }, { 'If-Match': etag });
    expect([stale.status, messageId(stale)]).toEqual([412, expect.stringMatching(/PreconditionFailed$/)]);
    expect((await patch(system(21), { Boot: { BootSourceOverrideMode: 'Legacy' } })).status).toBe(204);
    expect((await boot(21)).BootSourceOverrideMode).toBe('Legacy');
  });

  it('refuses targets, modes and properties it does not take, changing nothing', async () => {
    await configure(22, { bootTargets: ['None', 'Pxe', 'Hdd'] });
    const cd = await patch(system(22), { Boot: { BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Once' } });
    expect([cd.status, messageId(cd)]).toEqual([400, expect.stringMatching(/PropertyValueNotInList$/)]);
    expect(await boot(22)).toMatchObject({ BootSourceOverrideTarget: 'None', BootSourceOverrideEnabled: 'Disabled' });
    expect(messageId(await patch(system(22), { PowerState: 'On' }))).toMatch(/PropertyUnknown$/);
    await configure(22, { bootModeProperty: false });
    expect(await boot(22)).not.toHaveProperty('BootSourceOverrideMode');
    expect(messageId(await patch(system(22), { Boot: { BootSourceOverrideMode: 'UEFI' } }))).toMatch(/PropertyUnknown$/);
    await configure(22, { refuse: ['bootOverride'] });
    const refused = await patch(system(22), { Boot: { BootSourceOverrideTarget: 'Pxe' } });
    expect([refused.status, messageId(refused)]).toEqual([400, expect.stringMatching(/PropertyNotWritable$/)]);
  });

  it('uses up a one-time override at the next boot; a continuous one stays', async () => {
    await patch(system(23), { Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Once' } });
    await reset(23, 'On');
    expect(await boot(23)).toMatchObject({ BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Disabled' });
    await patch(system(23), { Boot: { BootSourceOverrideEnabled: 'Continuous' } });
    await reset(23, 'ForceRestart');
    expect((await boot(23)).BootSourceOverrideEnabled).toBe('Continuous');
  });

  it('turns secure boot on and off; a BMC without SecureBoot has no link and answers 404', async () => {
    expect((await call(`${system(24)}/SecureBoot`)).json).toMatchObject({ SecureBootEnable: false, SecureBootCurrentBoot: 'Disabled' });
    expect((await patch(`${system(24)}/SecureBoot`, { SecureBootEnable: true })).status).toBe(204);
    expect((await call(`${system(24)}/SecureBoot`)).json).toMatchObject({ SecureBootEnable: true, SecureBootCurrentBoot: 'Enabled' });
    expect(messageId(await patch(`${system(24)}/SecureBoot`, { SecureBootEnable: 'yes' }))).toMatch(/PropertyValueTypeError$/);
    await configure(24, { refuse: ['secureBoot'] });
    expect((await patch(`${system(24)}/SecureBoot`, { SecureBootEnable: false })).status).toBe(400);
    await configure(24, { secureBoot: false });
    expect((await call(system(24))).json).not.toHaveProperty('SecureBoot');
    expect((await call(`${system(24)}/SecureBoot`)).status).toBe(404);
  });

  it('injects an NMI, unless told to refuse it or not to offer it', async () => {
    await configure(25, { powerState: 'On' });
    expect((await reset(25, 'Nmi')).status).toBe(204);
    expect((await call('/control/bmc/25', { auth: null })).json).toMatchObject({ nmis: 1, powerState: 'On' });
    await configure(25, { refuse: ['nmi'] });
    const refused = await reset(25, 'Nmi');
    expect([refused.status, messageId(refused)]).toEqual([400, expect.stringMatching(/ActionNotSupported$/)]);
    await configure(25, { refuse: [], resetTypes: ['On', 'ForceOff'] });
    expect(messageId(await reset(25, 'Nmi'))).toMatch(/ActionParameterValueNotInList$/);
    expect((await call('/control/bmc/25', { auth: null })).json.nmis).toBe(1);
  });

  it('sets the system’s and the chassis’ LEDs', async () => {
    expect((await patch(system(26), { IndicatorLED: 'Blinking' })).status).toBe(204);
    expect((await call(system(26))).json.IndicatorLED).toBe('Blinking');
    const chassis = '/bmc/26/redfish/v1/Chassis/26';
    expect((await call('/bmc/26/redfish/v1/Chassis')).json.Members).toEqual([{ '@odata.id': chassis }]);
    expect((await patch(chassis, { IndicatorLED: 'Lit' })).status).toBe(204);
    expect((await call(chassis)).json).toMatchObject({ IndicatorLED: 'Lit', UUID: expect.any(String), Links: { ComputerSystems: [{ '@odata.id': system(26) }] } });
    expect(messageId(await patch(chassis, { IndicatorLED: 'Unknown' }))).toMatch(/PropertyValueNotInList$/);
    await configure(26, { refuse: ['indicator'] });
    expect((await patch(system(26), { IndicatorLED: 'Off' })).status).toBe(400);
    await configure(26, { chassis: false });
    expect((await call(system(26))).json.Links).toMatchObject({ Chassis: [] });
    expect((await call(chassis)).status).toBe(404);
  });

  it('keeps BIOS settings pending until the next boot, then applies them', async () => {
    const current = await call(bios(27));
    expect(current.json).toMatchObject({
      AttributeRegistry: 'BiosAttributeRegistry.v1_0_0',
      Attributes: { BootMode: 'Uefi', NumCores: 32, ProcTurboMode: 'Enabled', SerialNumber: 'SIM000027' },
      '@Redfish.Settings': { SettingsObject: { '@odata.id': `${bios(27)}/Settings` }, SupportedApplyTimes: ['OnReset'] },
    });
    expect((await patch(`${bios(27)}/Settings`, { Attributes: { NumCores: 8, ProcTurboMode: 'Disabled' }, '@Redfish.SettingsApplyTime': { ApplyTime: 'OnReset' } })).status).toBe(204);
    expect((await call(`${bios(27)}/Settings`)).json.Attributes).toEqual({ NumCores: 8, ProcTurboMode: 'Disabled' });
    expect((await call(bios(27))).json.Attributes).toMatchObject({ NumCores: 32 });
    await reset(27, 'On');
    expect((await call(bios(27))).json.Attributes).toMatchObject({ NumCores: 8, ProcTurboMode: 'Disabled' });
    expect((await call(`${bios(27)}/Settings`)).json.Attributes).toEqual({});
  });

  it('refuses BIOS attributes it does not know or that are read-only or out of range', async () => {
    for (const [attributes, message] of [
      [{ Bogus: 1 }, /PropertyUnknown$/],
      [{ SerialNumber: 'X' }, /PropertyNotWritable$/],
      [{ NumCores: 65 }, /PropertyValueOutOfRange$/],
      [{ NumCores: '8' }, /PropertyValueTypeError$/],
      [{ BootMode: 'Legacy' }, /PropertyValueNotInList$/],
    ] as const) {
      const answer = await patch(`${bios(28)}/Settings`, { Attributes: attributes });
      expect([answer.status, messageId(answer)]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call(`${bios(28)}/Settings`)).json.Attributes).toEqual({});
  });

  it('drops pending settings at boot when told to, and restores the defaults after Bios.ResetBios', async () => {
    await configure(29, { biosApplyFails: true });
    await patch(`${bios(29)}/Settings`, { Attributes: { NumCores: 4 } });
    await reset(29, 'On');
    expect((await call(bios(29))).json.Attributes).toMatchObject({ NumCores: 32 });
    await configure(29, { biosApplyFails: false, biosAttributes: { NumCores: 16, AssetTag: 'rack-9' } });
    expect((await call(bios(29))).json.Attributes).toMatchObject({ NumCores: 16, AssetTag: 'rack-9' });
    expect((await post(`${bios(29)}/Actions/Bios.ResetBios`)).status).toBe(204);
    expect((await call(bios(29))).json.Attributes).toMatchObject({ NumCores: 16 });
    await reset(29, 'ForceRestart');
    expect((await call(bios(29))).json.Attributes).toMatchObject({ NumCores: 32, AssetTag: '' });
    await configure(29, { refuse: ['biosSettings', 'biosReset'] });
    expect(messageId(await patch(`${bios(29)}/Settings`, { Attributes: { NumCores: 4 } }))).toMatch(/PropertyNotWritable$/);
    expect(messageId(await post(`${bios(29)}/Actions/Bios.ResetBios`, {}))).toMatch(/ActionNotSupported$/);
    await configure(29, { bios: false });
    expect((await call(system(29))).json).not.toHaveProperty('Bios');
    expect((await call(bios(29))).status).toBe(404);
  });

  it('publishes the BIOS attribute registry', async () => {
    const files = await call('/bmc/30/redfish/v1/Registries');
    const file = await call((files.json.Members as { '@odata.id': string }[])[0]!['@odata.id']);
    expect(file.json).toMatchObject({ Registry: 'BiosAttributeRegistry.v1_0_0', Location: [{ Language: 'en', Uri: expect.any(String) }] });
    const registry = await call((file.json.Location as { Uri: string }[])[0]!.Uri);
    expect(registry.json['@odata.type']).toMatch(/AttributeRegistry$/);
    const entries = (registry.json.RegistryEntries as { Attributes: Record<string, unknown>[] }).Attributes;
    expect(entries.find((entry) => entry.AttributeName === 'NumCores')).toMatchObject({ Type: 'Integer', LowerBound: 1, UpperBound: 64, ReadOnly: false, ResetRequired: true });
    expect(entries.find((entry) => entry.AttributeName === 'BootMode')).toMatchObject({ Type: 'Enumeration', Value: [{ ValueName: 'Uefi' }, { ValueName: 'Bios' }] });
  });

  it('shows boot, LEDs, secure boot and BIOS in the control API, and changes them behind the service’s back', async () => {
    await configure(31, { bootSourceOverrideTarget: 'Cd', bootSourceOverrideEnabled: 'Continuous', bootSourceOverrideMode: 'Legacy', secureBootEnable: true, indicatorLed: 'Lit', chassisIndicatorLed: 'Blinking' });
    expect((await call('/control/bmc/31', { auth: null })).json).toMatchObject({
      boot: { target: 'Cd', enabled: 'Continuous', mode: 'Legacy' },
      secureBoot: { enabled: true },
      indicatorLed: 'Lit',
      chassisIndicatorLed: 'Blinking',
      biosAttributes: expect.objectContaining({ NumCores: 32 }),
      biosPending: null,
      refuse: [],
    });
    expect(await boot(31)).toMatchObject({ BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Continuous', BootSourceOverrideMode: 'Legacy' });
  });
});

describe('virtual media', () => {
  const manager = (n: number) => `/bmc/${n}/redfish/v1/Managers/${n}`;
  const cd = (n: number) => `${manager(n)}/VirtualMedia/Cd`;
  const insert = (n: number, body: unknown, slot = 'Cd', auth?: string | null) => call(`${manager(n)}/VirtualMedia/${slot}/Actions/VirtualMedia.InsertMedia`, { method: 'POST', body: JSON.stringify(body), auth });
  const eject = (n: number, slot = 'Cd', auth?: string | null) => call(`${manager(n)}/VirtualMedia/${slot}/Actions/VirtualMedia.EjectMedia`, { method: 'POST', auth });

  it('hangs off the manager a system is managed by, with a CD and a floppy slot', async () => {
    expect((await call(system(40))).json.Links).toMatchObject({ ManagedBy: [{ '@odata.id': manager(40) }] });
    expect((await call('/bmc/40/redfish/v1', { auth: null })).json.Managers).toEqual({ '@odata.id': '/bmc/40/redfish/v1/Managers' });
    expect((await call('/bmc/40/redfish/v1/Managers')).json).toMatchObject({ 'Members@odata.count': 1, Members: [{ '@odata.id': manager(40) }] });
    expect((await call(manager(40))).json).toMatchObject({
      '@odata.type': expect.stringMatching(/^#Manager\.v1_\d+_\d+\.Manager$/),
      Id: '40',
      ManagerType: 'BMC',
      VirtualMedia: { '@odata.id': `${manager(40)}/VirtualMedia` },
      Links: { ManagerForServers: [{ '@odata.id': system(40) }] },
    });
    expect((await call(`${manager(40)}/VirtualMedia`)).json.Members).toEqual([{ '@odata.id': cd(40) }, { '@odata.id': `${manager(40)}/VirtualMedia/Floppy` }]);
    expect((await call(cd(40))).json).toMatchObject({
      '@odata.type': expect.stringMatching(/^#VirtualMedia\.v1_\d+_\d+\.VirtualMedia$/),
      Id: 'Cd',
      MediaTypes: ['CD', 'DVD'],
      Image: null,
      ImageName: null,
      Inserted: false,
      WriteProtected: false,
      ConnectedVia: 'NotConnected',
      Actions: {
        '#VirtualMedia.InsertMedia': { target: `${cd(40)}/Actions/VirtualMedia.InsertMedia` },
        '#VirtualMedia.EjectMedia': { target: `${cd(40)}/Actions/VirtualMedia.EjectMedia` },
      },
    });
    expect((await call(`${manager(40)}/VirtualMedia/Floppy`)).json.MediaTypes).toEqual(['Floppy', 'USBStick']);
    expect((await call(`${manager(40)}/VirtualMedia/Usb`)).status).toBe(404);
  });

  it('inserts and ejects media; a slot whose media is inserted refuses more until it is ejected', async () => {
    expect((await insert(41, { Image: 'http://images.test/boot/deploy.iso?x=1', TransferProtocolType: 'HTTP' })).status).toBe(204);
    expect((await call(cd(41))).json).toMatchObject({ Image: 'http://images.test/boot/deploy.iso?x=1', ImageName: 'deploy.iso', Inserted: true, WriteProtected: true, ConnectedVia: 'URI', TransferProtocolType: 'HTTP' });
    const again = await insert(41, { Image: 'http://images.test/other.iso' });
    expect([again.status, messageId(again)]).toEqual([400, expect.stringMatching(/^Base\.1\.\d+\.ResourceInUse$/)]);
    expect((await eject(41)).status).toBe(204);
    expect((await call(cd(41))).json).toMatchObject({ Image: null, Inserted: false, ConnectedVia: 'NotConnected' });
    expect((await eject(41)).status).toBe(204);
    // Media attached but not inserted may be replaced.
    expect((await insert(41, { Image: 'http://images.test/a.iso', Inserted: false, WriteProtected: false })).status).toBe(204);
    expect((await insert(41, { Image: 'http://images.test/b.iso' })).status).toBe(204);
    expect((await insert(41, { Image: 'http://images.test/config.img' }, 'Floppy')).status).toBe(204);
    expect((await call('/control/bmc/41', { auth: null })).json.virtualMedia).toMatchObject({ Cd: { image: 'http://images.test/b.iso', inserted: true }, Floppy: { image: 'http://images.test/config.img' } });
  });

  it('refuses InsertMedia parameters it does not take, with Base registry messages', async () => {
    for (const [body, message] of [
      [{}, /ActionParameterMissing$/],
      [{ Image: 5 }, /ActionParameterValueTypeError$/],
      [{ Image: 'http://x/y.iso', Inserted: 'yes' }, /ActionParameterValueTypeError$/],
      [{ Image: 'http://x/y.iso', TransferProtocolType: 'GOPHER' }, /ActionParameterValueNotInList$/],
      [{ Image: 'http://x/y.iso', MediaType: 'CD' }, /ActionParameterUnknown$/],
    ] as const) {
      const answer = await insert(42, body);
      expect([JSON.stringify(body), answer.status, messageId(answer)]).toEqual([JSON.stringify(body), 400, expect.stringMatching(message)]);
    }
    expect((await call(cd(42))).json.Image).toBeNull();
  });

  it('needs the BMC’s credentials, as its other resources do, and works at the root path', async () => {
    for (const answer of [await call(cd(43), { auth: null }), await insert(43, { Image: 'http://x/y.iso' }, 'Cd', null), await eject(43, 'Cd', null)]) {
      expect(answer.status).toBe(401);
    }
    expect((await call(cd(43))).json.Inserted).toBe(false);
    expect((await call('/redfish/v1/Managers')).json['Members@odata.count']).toBe(50);
    expect((await call('/redfish/v1/Managers/43/VirtualMedia/Cd/Actions/VirtualMedia.InsertMedia', { method: 'POST', body: JSON.stringify({ Image: 'http://x/y.iso' }) })).status).toBe(204);
    expect((await call(cd(43))).json.Inserted).toBe(true);
  });

  it('is what a CD boot override starts; a reset of the BMC’s settings ejects it', async () => {
    await insert(44, { Image: 'http://images.test/deploy.iso' });
    await call(system(44), { method: 'PATCH', body: JSON.stringify({ Boot: { BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Once' } }) });
    await reset(44, 'On');
    expect((await call('/control/bmc/44', { auth: null })).json).toMatchObject({ booted: { source: 'cd' }, running: { source: 'cd' } });
    await configure(44, { reset: true });
    expect((await call(cd(44))).json.Inserted).toBe(false);
  });
});

describe('the control API', () => {
  it('refuses unknown fields and BMCs', async () => {
    const bad = await configure(1, { latency: 5 } as BmcControl);
    expect([bad.status, bad.json.error]).toEqual([400, expect.stringContaining('unknown field "latency"')]);
    expect((await configure(999, { hang: true })).status).toBe(404);
  });

  it('configures a range of the fleet at once and sums it up', async () => {
    expect((await control('/control/fleet', 'POST', { from: 20, to: 29, powerState: 'On' })).json).toEqual({ updated: 10 });
    const summary = (await call('/control/fleet', { auth: null })).json;
    expect(summary).toMatchObject({ systems: 50, on: 10, off: 40 });
    expect(sim.bmcs[19]!.power).toBe('On');
    expect(sim.bmcs[29]!.power).toBe('Off');
  });

  it('is also callable in process', async () => {
    sim.control(30, { powerState: 'On' });
    expect(await powerState(30)).toBe('On');
    expect(() => sim.control(51, {})).toThrow('no BMC 51');
  });
});
