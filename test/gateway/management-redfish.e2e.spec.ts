/**
 * Management of Redfish nodes through the gateway, the system running beside a BMC simulator:
 * boot device, NMI, indicators, boot mode and secure boot, and BIOS settings reach the simulated
 * BMC; what the BMC reports is cached at verify; each fault the simulator injects comes back in
 * Ironic's words, recorded in the node's log (and nothing appended for a refused request).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { BmcSim, chassisUuid, systemUuid } from '@ironledger/bmc-sim';
import { nodeStreamId } from '@ironledger/contracts';
import { apiClient, fault, type Json } from '../support/api.js';
import { type RunningSystem, sleep, startSystem } from '../support/system.js';

jest.setTimeout(90_000);

let system: RunningSystem;
let sim: BmcSim;
const call = apiClient(() => system.baseUrl);

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 12 });
  system = await startSystem({ env: { REDFISH_REQUEST_TIMEOUT_MS: '1000', REDFISH_POLL_INTERVAL_MS: '50', COMMAND_TIMEOUT_MS: '10000' } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
  await sim?.close();
});

beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off' });
});

const types = async (uuid: string) => (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);
const states = async (uuid: string) => (await call('GET', `/v1/nodes/${uuid}/states`)).json;
const bmc = (n: number) => sim.bmcs[n - 1]!;

/** Waits for a state; the bound only catches a stuck node (a loaded machine slows cleaning's reboots). */
async function until(uuid: string, reached: (states: Json) => boolean, what: string): Promise<Json> {
  const deadline = Date.now() + 60_000;
  let last: Json = {};
  while (Date.now() < deadline) {
    last = await states(uuid);
    if (reached(last)) return last;
    await sleep(50);
  }
  throw new Error(`node ${uuid} did not reach ${what}: ${JSON.stringify(last)}\n${system.logs()}`);
}

/**
 * Asks for `manage` as Ironic's client does: again after a 409, which a node in `clean failed`
 * answers while the conductor still finishes the failed clean (powering the node off).
 */
async function manage(uuid: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { status } = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } });
    if (status !== 409 || attempt === 20) return void expect(status).toBe(202);
    await sleep(250);
  }
}

/** A Redfish node for BMC n, managed (its credentials verified). */
async function redfishNode(n: number): Promise<string> {
  const driver_info = { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' };
  const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name: `rf-mgmt-${n}`, driver_info } });
  expect(created.status).toBe(201);
  const uuid = created.json.uuid as string;
  expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'manage' } })).status).toBe(202);
  await until(uuid, (s) => s.provision_state === 'manageable', 'manageable');
  return uuid;
}

/** Each request answers with the status and faultstring given, and the log does not grow. */
async function refusals(cases: readonly [string, string, unknown, number, string][]): Promise<void> {
  const before = await system.eventCount();
  for (const [method, path, body, status, message] of cases) {
    const answer = await call(method, path, body === undefined ? {} : { body });
    expect([method, path, answer.status, fault(answer.json)]).toEqual([method, path, status, message]);
  }
  expect(await system.eventCount()).toBe(before);
}

function serverFault(answer: { status: number; json: Json }): string {
  expect(answer.status).toBe(500);
  const body = JSON.parse(answer.json.error_message as string) as { faultcode: string; faultstring: string };
  expect(body.faultcode).toBe('Server');
  return body.faultstring;
}

describe('Redfish nodes', () => {
  it('cache the boot mode, secure boot state and BIOS settings the BMC reports when they are verified', async () => {
    sim.control(1, { bootSourceOverrideMode: 'Legacy', biosAttributes: { NumCores: 12 } });
    const uuid = await redfishNode(1);
    expect(await states(uuid)).toMatchObject({ boot_mode: 'bios', secure_boot: false });
    const bios = (await call('GET', `/v1/nodes/${uuid}/bios?detail=True`)).json.bios as Json[];
    expect(bios.map((setting) => setting.name)).toEqual(['AssetTag', 'BootMode', 'NumCores', 'ProcTurboMode', 'ProcVirtualization', 'SerialNumber', 'SriovEnable']);
    expect(bios.find((setting) => setting.name === 'NumCores')).toMatchObject({ value: '12', attribute_type: 'Integer', lower_bound: 1, upper_bound: 64, read_only: false, reset_required: true, allowable_values: [] });
    expect(bios.find((setting) => setting.name === 'BootMode')).toMatchObject({ value: 'Uefi', allowable_values: ['Uefi', 'Bios'] });
    expect(await types(uuid)).toEqual(['NodeRegistered', 'ProvisionStateChanged', 'BootModeCached', 'BiosSettingsCached', 'ProvisionStateChanged']);
  });

  it('set the boot device on the BMC, read it back, and refuse devices Redfish has no target for', async () => {
    const uuid = await redfishNode(2);
    expect((await call('GET', `/v1/nodes/${uuid}/management/boot_device`)).json).toEqual({ boot_device: null, persistent: null });
    expect((await call('GET', `/v1/nodes/${uuid}/management/boot_device/supported`)).json).toEqual({ supported_boot_devices: ['pxe', 'disk', 'cdrom', 'bios'] });
    expect((await call('PUT', `/v1/nodes/${uuid}/management/boot_device`, { body: { boot_device: 'pxe', persistent: true } })).status).toBe(204);
    expect([bmc(2).bootTarget, bmc(2).bootEnabled]).toEqual(['Pxe', 'Continuous']);
    expect((await call('GET', `/v1/nodes/${uuid}/management/boot_device`)).json).toEqual({ boot_device: 'pxe', persistent: true });
    await refusals([
      ['PUT', `/v1/nodes/${uuid}/management/boot_device`, { boot_device: 'safe' }, 400, 'Invalid boot device safe specified.'],
      ['PUT', `/v1/nodes/${uuid}/management/boot_device`, { boot_device: 'wanboot' }, 400, 'Invalid boot device wanboot specified.'],
      ['PUT', `/v1/nodes/${uuid}/states/console`, { enabled: true }, 400, 'Driver redfish does not support console (disabled or not implemented).'],
      ['PUT', `/v1/nodes/${uuid}/states/raid`, { logical_disks: [{ size_gb: 10, raid_level: '1', interface_type: 'scsi' }] }, 400, 'interface type `scsi` not supported by Redfish RAID'],
    ]);
  });

  it('answer a BMC that refuses the boot override with Ironic’s 500, recording the failure', async () => {
    const uuid = await redfishNode(3);
    sim.control(3, { refuse: ['bootOverride'] });
    const refused = await call('PUT', `/v1/nodes/${uuid}/management/boot_device`, { body: { boot_device: 'disk' } });
    expect(serverFault(refused)).toBe(
      `Redfish exception occurred. Error: Redfish set boot device failed for node ${uuid}. Error: HTTP PATCH ${sim.url}/bmc/3/redfish/v1/Systems/3 returned code 400. The property Boot/BootSourceOverrideTarget is a read only property and cannot be assigned a value.`,
    );
    expect((await types(uuid)).slice(-2)).toEqual(['ManagementActionStarted', 'ManagementActionFailed']);
    expect((await call('GET', `/v1/nodes/${uuid}`)).json).toMatchObject({ reservation: null, last_error: null });
    // A BMC that does not answer in time.
    sim.control(3, { refuse: [], hang: true });
    const hung = await call('GET', `/v1/nodes/${uuid}/management/boot_device`);
    expect(serverFault(hung)).toMatch(/^Redfish exception occurred\. Error: Redfish get boot device failed for node .*\. Error: HTTP GET .* got no answer within 1000 ms$/);
    sim.control(3, { hang: false });
    expect((await call('GET', `/v1/nodes/${uuid}/management/boot_device`)).status).toBe(200);
  });

  it('inject an NMI, and report a BMC that will not', async () => {
    const uuid = await redfishNode(4);
    sim.control(4, { powerState: 'On' });
    expect((await call('PUT', `/v1/nodes/${uuid}/management/inject_nmi`, { body: {} })).status).toBe(204);
    expect(bmc(4)).toMatchObject({ nmis: 1, power: 'On' });
    sim.control(4, { refuse: ['nmi'] });
    expect(serverFault(await call('PUT', `/v1/nodes/${uuid}/management/inject_nmi`, { body: {} }))).toBe(
      `Redfish exception occurred. Error: Redfish inject NMI failed for node ${uuid}. Error: HTTP POST ${sim.url}/bmc/4/redfish/v1/Systems/4/Actions/ComputerSystem.Reset returned code 400. The action ComputerSystem.Reset is not supported by the resource.`,
    );
    expect((await types(uuid)).slice(-4)).toEqual(['ManagementActionStarted', 'NmiInjected', 'ManagementActionStarted', 'ManagementActionFailed']);
  });

  it('list, read and set the system’s and chassis’ LEDs by UUID', async () => {
    const uuid = await redfishNode(5);
    const list = (await call('GET', `/v1/nodes/rf-mgmt-5/management/indicators`)).json.indicators as Json[];
    expect(list.map((indicator) => [indicator.name, indicator.readonly, indicator.states])).toEqual([
      [`${chassisUuid(5)}@chassis`, false, ['blinking', 'off', 'on']],
      [`${systemUuid(5)}@system`, false, ['blinking', 'off', 'on']],
    ]);
    const system = `/v1/nodes/${uuid}/management/indicators/${systemUuid(5)}@system`;
    expect((await call('PUT', system, { body: { state: 'blinking' } })).status).toBe(204);
    expect(bmc(5).systemLed).toBe('Blinking');
    expect((await call('GET', system)).json).toEqual({ state: 'blinking' });
    expect((await call('PUT', `/v1/nodes/${uuid}/management/indicators/${chassisUuid(5)}@chassis`, { body: { state: 'on' } })).status).toBe(204);
    expect(bmc(5).chassisLed).toBe('Lit');
    await refusals([
      ['PUT', `/v1/nodes/${uuid}/management/indicators/nope@system`, { state: 'on' }, 400, `Unknown indicator nope for component system of node ${uuid}`],
      ['GET', `/v1/nodes/${uuid}/management/indicators/nope@chassis`, undefined, 400, `Unknown indicator nope for component chassis of node ${uuid}`],
      ['PUT', system, { state: 'ON' }, 400, 'Invalid indicator state ON specified.'],
    ]);
    expect((await types(uuid)).filter((type) => type === 'IndicatorSet')).toHaveLength(2);
  });

  it('refuse a question about the hardware of a node whose driver_info the driver cannot use with 400, as Ironic does', async () => {
    const created = await call('POST', '/v1/nodes', { body: { driver: 'redfish', name: 'rf-no-bmc' } });
    const uuid = created.json.uuid as string;
    await refusals([
      ['GET', `/v1/nodes/${uuid}/management/indicators`, undefined, 400, `Missing the following Redfish properties in node ${uuid} driver_info: ['redfish_address', 'redfish_username', 'redfish_password']`],
    ]);
  });

  it('change the boot mode and secure boot on the BMC, recording the new state or the failure', async () => {
    const uuid = await redfishNode(6);
    expect((await call('PUT', `/v1/nodes/${uuid}/states/boot_mode`, { body: { target: 'bios' } })).status).toBe(202);
    await until(uuid, (s) => s.boot_mode === 'bios', 'boot mode bios');
    expect(bmc(6).bootMode).toBe('Legacy');
    expect((await call('PUT', `/v1/nodes/${uuid}/states/secure_boot`, { body: { target: true } })).status).toBe(202);
    const legacy = await until(uuid, (s) => s.last_error !== null, 'the secure boot failure');
    expect(legacy.last_error).toBe(`Failed to change secure_boot state to 'True': Redfish exception occurred. Error: Configuring secure boot requires UEFI for node ${uuid}`);
    await call('PUT', `/v1/nodes/${uuid}/states/boot_mode`, { body: { target: 'uefi' } });
    await until(uuid, (s) => s.boot_mode === 'uefi' && s.last_error === null, 'boot mode uefi');
    await call('PUT', `/v1/nodes/${uuid}/states/secure_boot`, { body: { target: true } });
    await until(uuid, (s) => s.secure_boot === true, 'secure boot on');
    expect(bmc(6).secureBootEnable).toBe(true);
    sim.control(6, { bootModeProperty: false });
    await call('PUT', `/v1/nodes/${uuid}/states/boot_mode`, { body: { target: 'bios' } });
    const unsupported = await until(uuid, (s) => s.last_error !== null, 'the boot mode failure');
    expect(unsupported).toMatchObject({ boot_mode: 'uefi', last_error: "Failed to change boot mode to 'bios: Driver redfish does not support set_boot_mode (disabled or not implemented)." });
  });

  it('apply BIOS settings and reset them to the factory defaults with manual cleaning', async () => {
    const uuid = await redfishNode(7);
    const clean = async (step: Json) => {
      expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target: 'clean', clean_steps: [{ interface: 'bios', ...step }], disable_ramdisk: true } })).status).toBe(202);
      return until(uuid, (s) => s.provision_state === 'manageable' || s.provision_state === 'clean failed', 'the end of cleaning');
    };
    expect(await clean({ step: 'apply_configuration', args: { settings: [{ name: 'NumCores', value: 8 }, { name: 'ProcTurboMode', value: 'Disabled' }] } })).toMatchObject({ provision_state: 'manageable', last_error: null });
    expect(bmc(7).boots).toBe(1);
    const numCores = await call('GET', `/v1/nodes/${uuid}/bios/NumCores`);
    expect(numCores.json.NumCores).toMatchObject({ value: '8', updated_at: expect.any(String), upper_bound: 64 });

    sim.control(7, { biosApplyFails: true });
    expect(await clean({ step: 'apply_configuration', args: { settings: [{ name: 'NumCores', value: 4 }] } })).toMatchObject({
      provision_state: 'clean failed',
      last_error: "Redfish BIOS apply_configuration step failed. Attributes {'NumCores': 4} are not updated.",
    });
    await manage(uuid);
    await until(uuid, (s) => s.provision_state === 'manageable', 'manageable');

    sim.control(7, { biosApplyFails: false });
    expect(await clean({ step: 'factory_reset' })).toMatchObject({ provision_state: 'manageable' });
    expect((await call('GET', `/v1/nodes/${uuid}/bios/NumCores`)).json.NumCores).toMatchObject({ value: '32' });
    expect(await clean({ step: 'apply_configuration' })).toMatchObject({
      provision_state: 'clean failed',
      last_error: `Cannot clean node ${uuid}: clean step {'interface': 'bios', 'step': 'apply_configuration'} is missing these required arguments: settings (A list of BIOS settings to be applied)`,
    });
    // Without the ramdisk (disable_ramdisk) only the steps run through the BMC exist: the agent's are refused, no host booted.
    await manage(uuid);
    await until(uuid, (s) => s.provision_state === 'manageable', 'manageable');
    const boots = bmc(7).boots;
    const erase = { target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices' }], disable_ramdisk: true };
    expect((await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: erase })).status).toBe(202);
    expect(await until(uuid, (s) => s.provision_state === 'clean failed', 'clean failed')).toMatchObject({ last_error: expect.stringContaining('does not support this clean step') });
    expect(bmc(7).boots).toBe(boots);
  });
});
