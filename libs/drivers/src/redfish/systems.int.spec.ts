/**
 * Which system a Redfish node acts on, against the simulator over HTTP: nodes behind one BMC that
 * manages several systems (a blade enclosure) each act only on the system their `driver_info`
 * names, or on a BMC's only system when they name none, as Ironic and sushy do; a `driver_info`
 * corrected on a driver that already talked to the BMC takes effect at the next call.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim } from '@ironledger/bmc-sim';
import { type HardwareType, hardwareTypes, RedfishError, type RedfishErrorKind } from '../index.js';
import { redfishNode } from './test-node.js';

let sim: BmcSim;
let redfish: HardwareType & { close(): Promise<void> };

beforeAll(async () => {
  // Enclosure 1 manages systems 1-3, enclosure 2 systems 4-6; BMCs 7 and 8 manage one system each.
  sim = await BmcSim.start({ port: 0, systems: 8, enclosureSize: 3 });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off', dropSessions: true });
  for (const enclosure of sim.enclosures) sim.controlEnclosure(enclosure.index, { reset: true, dropSessions: true });
  // One driver per test: what it caches lives as long as a conductor's or power sync's.
  redfish = hardwareTypes({ redfish: { pollIntervalMs: 20, powerTimeoutSeconds: 5, requestTimeoutMs: 2000 } }).get('redfish') as typeof redfish;
});
afterEach(async () => {
  await redfish.close();
});

/** Node `id` behind enclosure 1 (unless `driverInfo` says otherwise), with session auth. */
function node(id: number, driverInfo: JsonObject = {}): Node {
  return redfishNode(id, { redfish_address: sim.enclosureUrl(1), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'session', ...driverInfo });
}
const system = (n: number) => ({ redfish_system_id: `/redfish/v1/Systems/${n}` });
const powers = () => sim.bmcs.map((bmc) => bmc.power);
const resets = () => sim.bmcs.map((bmc) => bmc.resets);
const sessionsAt = async (what: string) => ((await (await fetch(`${sim.url}/control/${what}`)).json()) as { sessions: number }).sessions;

async function failure(promise: Promise<unknown>, kind: RedfishErrorKind): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RedfishError);
  expect((error as RedfishError).kind).toBe(kind);
  return (error as Error).message;
}

describe('nodes behind one BMC of several systems', () => {
  it('each power only their own system and read their own power state, over one session', async () => {
    const [a, b] = [node(1, system(1)), node(2, system(2))];
    expect(await redfish.power.getPowerState(a)).toBe('power off');
    expect(await redfish.power.setPowerState(b, 'power on')).toBe('power on');
    expect(powers()).toEqual(['Off', 'On', 'Off', 'Off', 'Off', 'Off', 'Off', 'Off']);
    expect([await redfish.power.getPowerState(a), await redfish.power.getPowerState(b)]).toEqual(['power off', 'power on']);

    await redfish.power.setPowerState(a, 'power on');
    await redfish.power.setPowerState(b, 'power off');
    expect(powers()).toEqual(['On', 'Off', 'Off', 'Off', 'Off', 'Off', 'Off', 'Off']);
    expect(resets()).toEqual([1, 2, 0, 0, 0, 0, 0, 0]);
    expect(await sessionsAt('enclosure/1')).toBe(1);
  });

  it('set the boot device and insert virtual media of their own system only', async () => {
    const b: Node = { ...node(2, system(2)), deploy_interface: 'ramdisk', boot_interface: 'redfish-virtual-media', instance_info: { boot_iso: 'http://images.example/b.iso' } };
    await redfish.management!.setBootDevice(node(1, system(1)), 'pxe', false);
    expect(await redfish.provisioning.deploy(b, 'start')).toEqual({ result: 'done', powerState: 'power on' });
    expect(sim.bmcs[1]).toMatchObject({ power: 'On', media: { Cd: { image: 'http://images.example/b.iso', inserted: true } }, bootTarget: 'Cd', bootEnabled: 'Continuous' });
    expect(sim.bmcs[0]).toMatchObject({ power: 'Off', media: {}, bootTarget: 'Pxe', bootEnabled: 'Once' });
    expect(sim.bmcs[2]).toMatchObject({ power: 'Off', media: {}, bootTarget: 'None' });
  });

  it('name no system: that fails in Ironic’s words and touches nothing, also once another node used the BMC', async () => {
    await redfish.power.setPowerState(node(1, system(1)), 'power on');
    const before = resets();
    const unnamed = node(3);
    expect(await failure(redfish.power.getPowerState(unnamed), 'invalid-config')).toBe(
      `Redfish get power state failed for node ${unnamed.uuid}. Error: Failed at determining default for "ComputerSystem": System count is not exactly one`,
    );
    await failure(redfish.power.setPowerState(unnamed, 'power off'), 'invalid-config');
    expect(await redfish.management!.getBootDevice(unnamed).then(() => 'read', (e: Error) => e.message)).toContain('Failed at determining default for "ComputerSystem": System count is not exactly one');
    expect([resets(), powers()[0]]).toEqual([before, 'On']);
  });

  it('name a system the BMC lacks: that fails in Ironic’s words and touches nothing', async () => {
    await redfish.power.getPowerState(node(1, system(1)));
    const before = resets();
    for (const missing of [4, 999]) {
      const lost = node(3, system(missing));
      const url = `${sim.enclosureUrl(1)}/redfish/v1/Systems/${missing}`;
      expect(await failure(redfish.power.setPowerState(lost, 'power on'), 'not-found')).toBe(
        `Redfish set power state failed for node ${lost.uuid} (target: power on). Error: Redfish exception occurred. Error: Resource ${url} not found`,
      );
      expect(await failure(redfish.management!.setBootDevice(lost, 'pxe', false), 'not-found')).toBe(`Redfish exception occurred. Error: Resource ${url} not found`);
    }
    expect([resets(), powers()]).toEqual([before, sim.bmcs.map(() => 'Off')]);
  });
});

describe('a BMC of one system', () => {
  it('is found when the node names none; a node naming another fails and leaves it alone', async () => {
    expect(await redfish.power.getPowerState(node(1, { redfish_address: sim.bmcUrl(7) }))).toBe('power off');
    const lost = node(2, { redfish_address: sim.bmcUrl(7), ...system(999) });
    expect(await failure(redfish.power.setPowerState(lost, 'power on'), 'not-found')).toContain(`Error: Redfish exception occurred. Error: Resource ${sim.bmcUrl(7)}/redfish/v1/Systems/999 not found`);
    expect([sim.bmcs[6]!.power, sim.bmcs[6]!.resets]).toEqual(['Off', 0]);
  });
});

describe('a corrected driver_info', () => {
  it('takes effect at the next call: a wrong system id, then the right one', async () => {
    const wrong = node(1, system(999));
    await failure(redfish.power.setPowerState(wrong, 'power on'), 'not-found');
    const corrected = { ...wrong, driver_info: { ...wrong.driver_info, ...system(2) } };
    expect(await redfish.power.setPowerState(corrected, 'power on')).toBe('power on');
    expect(powers()).toEqual(['Off', 'On', 'Off', 'Off', 'Off', 'Off', 'Off', 'Off']);
    // And another right one: the node was moved to another blade.
    const moved = { ...wrong, driver_info: { ...wrong.driver_info, ...system(3) } };
    expect(await redfish.power.getPowerState(moved)).toBe('power off');
  });

  it('takes effect at the next call: a wrong password, then the right one, over one session', async () => {
    const wrong = node(1, { ...system(1), redfish_password: 'wrong' });
    expect(await failure(redfish.power.getPowerState(wrong), 'auth')).toContain('refused the credentials of user "admin"');
    expect(await redfish.power.setPowerState(node(1, system(1)), 'power on')).toBe('power on');
    expect(sim.bmcs[0]!.power).toBe('On');
    expect(await sessionsAt('enclosure/1')).toBe(1);
  });

  it('takes effect at the next call: another address, then another auth type', async () => {
    const elsewhere = node(1, { redfish_address: sim.enclosureUrl(2), ...system(2) });
    await failure(redfish.power.getPowerState(elsewhere), 'not-found');
    const basic = node(1, { ...system(2), redfish_auth_type: 'basic' });
    expect(await redfish.power.getPowerState(basic)).toBe('power off');
    expect(await sessionsAt('enclosure/1')).toBe(0);
    expect(await redfish.power.getPowerState(node(1, system(2)))).toBe('power off');
    expect(await sessionsAt('enclosure/1')).toBe(1);
  });
});
