/**
 * The Redfish management and BIOS interfaces (libs/drivers) against the simulator over real HTTP, through a
 * recording proxy so that the wire requests can be checked against Ironic's: boot device (ETag
 * conditional, `BootSourceOverrideEnabled` only when it changes), boot mode, secure boot, NMI,
 * indicators, BIOS settings and factory reset; and each fault turned into Ironic's words.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim, chassisUuid, systemUuid } from '@ironledger/bmc-sim';
import { DriverError, DriverRefusal, RedfishError, type RedfishHardware, redfishHardware, redfishNode } from '@ironledger/drivers';
import { type Exchange, type Recorder, startRecorder } from '../support/http-recorder.js';

let sim: BmcSim;
let recorder: Recorder;
let hardware: RedfishHardware;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 20 });
  recorder = await startRecorder(sim.url);
});
afterAll(async () => {
  await recorder.close();
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off' });
  hardware = redfishHardware({ pollIntervalMs: 50, powerTimeoutSeconds: 5, requestTimeoutMs: 1000 });
  recorder.take();
});
afterEach(async () => {
  await hardware.close();
});

const node = (n: number, info: JsonObject = {}): Node =>
  redfishNode(n, { redfish_address: `${recorder.url}/bmc/${n}`, redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic', ...info });
const management = () => hardware.management!;
const bios = () => hardware.bios!;
const bmc = (n: number) => sim.bmcs[n - 1]!;
const systemPath = (n: number) => `/bmc/${n}/redfish/v1/Systems/${n}`;
/** The requests that changed something (no GETs), as `METHOD path body`. */
const changes = () =>
  recorder
    .take()
    .filter((exchange) => exchange.method !== 'GET')
    .map((exchange) => `${exchange.method} ${exchange.url} ${exchange.requestBody}`);

async function failure<E extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => E): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}

describe('boot device', () => {
  it('sets it once or for every boot, conditional on the ETag just read, and reads it back', async () => {
    const redfish = management();
    expect(await redfish.getBootDevice(node(1))).toEqual({ boot_device: null, persistent: null });
    recorder.take();
    await redfish.setBootDevice(node(1), 'pxe', false);
    const exchanges = recorder.take();
    const read = exchanges.filter((x) => x.method === 'GET' && x.url === systemPath(1)).at(-1)!;
    const patch = exchanges.find((x) => x.method === 'PATCH') as Exchange;
    expect([patch.url, JSON.parse(patch.requestBody)]).toEqual([systemPath(1), { Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Once' } }]);
    expect(patch.requestHeaders['if-match']).toBe(read.responseHeaders.etag);
    expect(await redfish.getBootDevice(node(1))).toEqual({ boot_device: 'pxe', persistent: false });

    await redfish.setBootDevice(node(1), 'disk', true);
    expect([bmc(1).bootTarget, bmc(1).bootEnabled]).toEqual(['Hdd', 'Continuous']);
    recorder.take();
    // Already continuous: the PATCH leaves BootSourceOverrideEnabled out, as Ironic's does.
    await redfish.setBootDevice(node(1), 'cdrom', true);
    expect(changes()).toEqual([`PATCH ${systemPath(1)} {"Boot":{"BootSourceOverrideTarget":"Cd"}}`]);
    expect(await redfish.getBootDevice(node(1))).toEqual({ boot_device: 'cdrom', persistent: true });
    await redfish.setBootDevice(node(1), 'bios', false);
    expect(await redfish.getBootDevice(node(1))).toEqual({ boot_device: 'bios', persistent: false });
  });

  it('reads targets Ironic has no name for as unknown, and offers the same four devices whatever the BMC allows', async () => {
    sim.control(2, { bootSourceOverrideTarget: 'Usb', bootSourceOverrideEnabled: 'Disabled', bootTargets: ['None', 'Pxe'] });
    expect(await management().getBootDevice(node(2))).toEqual({ boot_device: null, persistent: null });
    expect(management().supportedBootDevices(node(2))).toEqual(['pxe', 'disk', 'cdrom', 'bios']);
  });

  it('refuses a target the BMC does not allow without asking it, and reports a refused PATCH in Ironic’s words', async () => {
    sim.control(3, { bootTargets: ['None', 'Pxe', 'Hdd'] });
    const local = await failure(management().setBootDevice(node(3), 'cdrom', false), RedfishError);
    expect(local.message).toBe(
      `Redfish exception occurred. Error: Redfish set boot device failed for node ${node(3).uuid}. Error: The parameter "target" value "Cd" is invalid. Valid values are: None, Pxe, Hdd`,
    );
    expect(changes()).toEqual([]);
    sim.control(3, { refuse: ['bootOverride'] });
    const refused = await failure(management().setBootDevice(node(3), 'pxe', true), RedfishError);
    expect(refused.message).toBe(
      `Redfish exception occurred. Error: Redfish set boot device failed for node ${node(3).uuid}. Error: HTTP PATCH ${recorder.url}${systemPath(3)} returned code 400. The property Boot/BootSourceOverrideTarget is a read only property and cannot be assigned a value.`,
    );
    expect([bmc(3).bootTarget, bmc(3).bootEnabled]).toEqual(['None', 'Disabled']);
    await failure(management().setBootDevice(node(3), 'safe', false), DriverRefusal);
  });
});

describe('boot mode and secure boot', () => {
  it('reads and sets BootSourceOverrideMode', async () => {
    const redfish = management();
    expect(await redfish.getBootMode!(node(4))).toBe('uefi');
    await redfish.setBootMode!(node(4), 'bios');
    expect(changes()).toContainEqual(`PATCH ${systemPath(4)} {"Boot":{"BootSourceOverrideMode":"Legacy"}}`);
    expect(await redfish.getBootMode!(node(4))).toBe('bios');
    sim.control(4, { refuse: ['bootMode'] });
    const refused = await failure(redfish.setBootMode!(node(4), 'uefi'), RedfishError);
    expect(refused.message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: Setting boot mode to uefi failed for node ${node(4).uuid}\\. Error: HTTP PATCH .* returned code 400\\.`));
    // A BMC without the property cannot set it at all.
    sim.control(4, { refuse: [], bootModeProperty: false });
    expect(await redfish.getBootMode!(node(4))).toBeNull();
    expect((await failure(redfish.setBootMode!(node(4), 'uefi'), DriverRefusal)).message).toBe('Driver redfish does not support set_boot_mode (disabled or not implemented).');
  });

  it('turns secure boot on through the SecureBoot resource, only when it changes, and only in UEFI', async () => {
    const redfish = management();
    expect(await redfish.getSecureBoot!(node(5))).toBe(false);
    await redfish.setSecureBoot!(node(5), true);
    expect(changes()).toEqual([`PATCH ${systemPath(5)}/SecureBoot {"SecureBootEnable":true}`]);
    expect(await redfish.getSecureBoot!(node(5))).toBe(true);
    await redfish.setSecureBoot!(node(5), true);
    expect(changes()).toEqual([]);

    sim.control(5, { bootSourceOverrideMode: 'Legacy' });
    const legacy = await failure(redfish.setSecureBoot!(node(5), false), RedfishError);
    expect(legacy.message).toBe(`Redfish exception occurred. Error: Configuring secure boot requires UEFI for node ${node(5).uuid}`);
    sim.control(5, { bootSourceOverrideMode: 'UEFI', refuse: ['secureBoot'] });
    const refused = await failure(redfish.setSecureBoot!(node(5), false), RedfishError);
    expect(refused.message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: Failed to set secure boot state on node ${node(5).uuid} to False: HTTP PATCH .*/SecureBoot returned code 400\\.`));
    sim.control(5, { secureBoot: false });
    expect((await failure(redfish.getSecureBoot!(node(5)), DriverRefusal)).message).toBe('Driver redfish does not support get_secure_boot_state (disabled or not implemented).');
    expect((await failure(redfish.setSecureBoot!(node(5), true), DriverRefusal)).message).toBe('Driver redfish does not support set_secure_boot_state (disabled or not implemented).');
  });
});

describe('NMI', () => {
  it('injects one with ComputerSystem.Reset, and reports a BMC that will not', async () => {
    sim.control(6, { powerState: 'On' });
    await management().injectNmi!(node(6));
    expect(changes()).toEqual([`POST ${systemPath(6)}/Actions/ComputerSystem.Reset {"ResetType":"Nmi"}`]);
    expect(bmc(6)).toMatchObject({ nmis: 1, power: 'On' });

    sim.control(6, { refuse: ['nmi'] });
    const refused = await failure(management().injectNmi!(node(6)), RedfishError);
    expect(refused.message).toBe(
      `Redfish exception occurred. Error: Redfish inject NMI failed for node ${node(6).uuid}. Error: HTTP POST ${recorder.url}${systemPath(6)}/Actions/ComputerSystem.Reset returned code 400. The action ComputerSystem.Reset is not supported by the resource.`,
    );
    // Not among the allowed reset types: refused without asking.
    sim.control(6, { refuse: [], resetTypes: ['On', 'ForceOff'] });
    recorder.take();
    expect((await failure(management().injectNmi!(node(6)), RedfishError)).message).toContain('The parameter "value" value "Nmi" is invalid. Valid values are: On, ForceOff');
    expect(changes()).toEqual([]);
    expect(bmc(6).nmis).toBe(1);
  });
});

describe('indicators', () => {
  it('lists the chassis’ and the system’s LEDs by UUID, and reads and sets them', async () => {
    const redfish = management();
    const states = ['blinking', 'off', 'on'];
    expect(await redfish.listIndicators!(node(7))).toEqual([
      { id: chassisUuid(7), component: 'chassis', readonly: false, states },
      { id: systemUuid(7), component: 'system', readonly: false, states },
    ]);
    await redfish.setIndicatorState!(node(7), 'system', systemUuid(7), 'on');
    await redfish.setIndicatorState!(node(7), 'chassis', chassisUuid(7), 'blinking');
    expect(changes()).toEqual([`PATCH ${systemPath(7)} {"IndicatorLED":"Lit"}`, `PATCH /bmc/7/redfish/v1/Chassis/7 {"IndicatorLED":"Blinking"}`]);
    expect(await redfish.getIndicatorState!(node(7), 'system', systemUuid(7))).toBe('on');
    expect(await redfish.getIndicatorState!(node(7), 'chassis', chassisUuid(7))).toBe('blinking');
    expect((await failure(redfish.getIndicatorState!(node(7), 'system', 'nope'), DriverRefusal)).message).toBe(`Unknown indicator nope for component system of node ${node(7).uuid}`);
    expect((await failure(redfish.setIndicatorState!(node(7), 'chassis', systemUuid(7), 'on'), DriverRefusal)).message).toBe(
      `Unknown indicator ${systemUuid(7)} for component chassis of node ${node(7).uuid}`,
    );
  });

  it('leaves out a missing chassis, and reports a refused change in Ironic’s words', async () => {
    sim.control(8, { chassis: false, refuse: ['indicator'] });
    expect((await management().listIndicators!(node(8))).map((indicator) => indicator.component)).toEqual(['system']);
    const refused = await failure(management().setIndicatorState!(node(8), 'system', systemUuid(8), 'off'), RedfishError);
    expect(refused.message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: Redfish set system indicator ${systemUuid(8)} state off failed for node ${node(8).uuid}\\. Error: HTTP PATCH .* returned code 400\\.`));
  });
});

describe('BIOS', () => {
  it('reads the attributes as strings, described by the attribute registry', async () => {
    const settings = await bios().readSettings(node(9));
    expect(settings.find((setting) => setting.name === 'NumCores')).toEqual({
      name: 'NumCores', value: '32', attribute_type: 'Integer', allowable_values: null, lower_bound: 1, upper_bound: 64, min_length: null, max_length: null, read_only: false, reset_required: true, unique: null,
    });
    expect(settings.find((setting) => setting.name === 'BootMode')).toMatchObject({ value: 'Uefi', attribute_type: 'Enumeration', allowable_values: ['Uefi', 'Bios'] });
    expect(settings.find((setting) => setting.name === 'SriovEnable')).toMatchObject({ value: 'False', attribute_type: 'Boolean' });
    expect(settings.find((setting) => setting.name === 'SerialNumber')).toMatchObject({ value: 'SIM000009', read_only: true, unique: true, max_length: 16 });
  });

  it('applies settings through the settings object and a reboot, then checks them', async () => {
    sim.control(10, { powerState: 'On' });
    await bios().applyConfiguration(node(10), [{ name: 'NumCores', value: 8 }, { name: 'ProcTurboMode', value: 'Disabled' }]);
    const changed = changes();
    expect(changed[0]).toBe(
      `PATCH ${systemPath(10)}/Bios/Settings {"Attributes":{"NumCores":8,"ProcTurboMode":"Disabled"},"@Redfish.SettingsApplyTime":{"@odata.type":"#Settings.v1_0_0.PreferredApplyTime","ApplyTime":"OnReset"}}`,
    );
    expect(changed.slice(1).every((change) => change.startsWith(`POST ${systemPath(10)}/Actions/ComputerSystem.Reset`))).toBe(true);
    expect(bmc(10).boots).toBe(1);
    expect((await bios().readSettings(node(10))).filter((s) => ['NumCores', 'ProcTurboMode'].includes(s.name)).map((s) => s.value)).toEqual(['Disabled', '8']);
  });

  it('fails when the BMC drops the settings at boot, or refuses them, in Ironic’s words', async () => {
    sim.control(11, { biosApplyFails: true });
    expect((await failure(bios().applyConfiguration(node(11), [{ name: 'NumCores', value: 4 }]), RedfishError)).message).toBe(
      "Redfish BIOS apply_configuration step failed. Attributes {'NumCores': 4} are not updated.",
    );
    sim.control(11, { biosApplyFails: false, refuse: ['biosSettings'] });
    expect((await failure(bios().applyConfiguration(node(11), [{ name: 'NumCores', value: 4 }]), RedfishError)).message).toMatch(
      new RegExp(`^Redfish exception occurred\\. Error: Redfish BIOS apply configuration failed for node ${node(11).uuid}\\. Error: HTTP PATCH .*/Bios/Settings returned code 400\\. The property Attributes is a read only property`),
    );
    sim.control(11, { refuse: [] });
    expect((await failure(bios().applyConfiguration(node(11), [{ name: 'SerialNumber', value: 'X' }]), RedfishError)).message).toContain('The property SerialNumber is a read only property');
  });

  it('resets to the factory defaults with Bios.ResetBios (no body) and a reboot', async () => {
    sim.control(12, { biosAttributes: { NumCores: 2, AssetTag: 'rack 4' } });
    await bios().factoryReset(node(12));
    expect(changes()[0]).toBe(`POST ${systemPath(12)}/Bios/Actions/Bios.ResetBios `);
    expect((await bios().readSettings(node(12))).filter((s) => ['AssetTag', 'NumCores'].includes(s.name)).map((s) => s.value)).toEqual(['32', '']);
    sim.control(12, { refuse: ['biosReset'] });
    expect((await failure(bios().factoryReset(node(12)), RedfishError)).message).toMatch(/^Redfish exception occurred\. Error: Redfish BIOS factory reset failed for node .*\. Error: HTTP POST .* returned code 400\./);
  });

  it('says so when the system has no BIOS resource', async () => {
    sim.control(13, { bios: false });
    expect((await failure(bios().factoryReset(node(13)), RedfishError)).message).toBe(
      `Redfish exception occurred. Error: Redfish BIOS factory reset failed for node ${node(13).uuid}, because BIOS settings are not supported.`,
    );
    expect((await failure(bios().applyConfiguration(node(13), [{ name: 'NumCores', value: 4 }]), RedfishError)).message).toBe(
      `Redfish exception occurred. Error: Redfish BIOS apply configuration failed for node ${node(13).uuid}, because BIOS settings are not supported.`,
    );
    expect((await failure(bios().readSettings(node(13)), RedfishError)).message).toBe(`Cannot fetch BIOS attributes for node ${node(13).uuid}, BIOS settings are not supported.`);
  });

  it('leaves the registry fields null when the BMC publishes no registry', async () => {
    sim.control(14, { biosRegistry: false });
    const settings = await bios().readSettings(node(14));
    expect(settings.find((setting) => setting.name === 'NumCores')).toEqual({
      name: 'NumCores', value: '32', attribute_type: null, allowable_values: null, lower_bound: null, upper_bound: null, min_length: null, max_length: null, read_only: null, reset_required: null, unique: null,
    });
  });
});

describe('a BMC in trouble', () => {
  it('times out when it hangs, and answers once it is back', async () => {
    sim.control(15, { hang: true });
    const started = Date.now();
    const hung = await failure(management().getBootDevice(node(15)), RedfishError);
    expect(hung.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    const setting = await failure(management().setBootDevice(node(15), 'pxe', false), RedfishError);
    expect(setting.message).toMatch(/^Redfish exception occurred\. Error: Redfish set boot device failed for node .*\. Error: HTTP GET .* got no answer within 1000 ms$/);
    sim.control(15, { hang: false });
    expect(await management().getBootDevice(node(15))).toEqual({ boot_device: null, persistent: null });
  });

  it('works when slow, and reports failing and garbled answers', async () => {
    sim.control(16, { latencyMs: 200 });
    await management().setBootDevice(node(16), 'pxe', true);
    expect(bmc(16).bootTarget).toBe('Pxe');
    sim.control(16, { latencyMs: 0, failStatus: 503 });
    expect((await failure(management().injectNmi!(node(16)), RedfishError)).kind).toBe('server');
    sim.control(16, { failStatus: 0, garbled: true });
    const garbled = await failure(management().getBootDevice(node(16)), DriverError);
    expect((garbled as RedfishError).kind).toBe('malformed');
  });
});
