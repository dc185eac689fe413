/**
 * The `redfish-virtual-media` boot interface against the simulator over real HTTP: the ISO goes
 * into the virtual CD of the manager the system links, the boot override follows, and a boot
 * then starts from the CD.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim, parseParameters, readFloppy } from '@ironledger/bmc-sim';
import { DriverError, type ManagementDriver } from '../driver.js';
import { RedfishConnections } from '../redfish/connections.js';
import { redfishManagement } from '../redfish/management.js';
import { type ClosablePowerDriver, redfishPower } from '../redfish/power.js';
import { redfishNode } from '../redfish/test-node.js';
import { type BootInterface } from './boot-interface.js';
import { mediaServer } from './media-server.js';
import { redfishVirtualMediaBoot } from './virtual-media.js';

const DEPLOY_ISO = 'http://images.example/ipa-deploy.iso';
let sim: BmcSim;
let connections: RedfishConnections;
let management: ManagementDriver;
let power: ClosablePowerDriver;
let boot: BootInterface;

beforeAll(async () => {
  sim = await BmcSim.start({ port: 0, systems: 8 });
  connections = new RedfishConnections({ requestTimeoutMs: 2000 });
  management = redfishManagement(connections);
  power = redfishPower({ pollIntervalMs: 20, powerTimeoutSeconds: 5 }, connections);
  boot = redfishVirtualMediaBoot(connections, management, { images: { rescueIso: 'http://images.example/default-rescue.iso' } });
});
afterAll(async () => {
  await connections.close();
  await sim.close();
});
beforeEach(() => {
  for (const bmc of sim.bmcs) sim.control(bmc.index, { reset: true, powerState: 'Off' });
});

function node(n: number, info: JsonObject = { deploy_iso: DEPLOY_ISO }, fields: Partial<Node> = {}): Node {
  return { ...redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic', ...info }), boot_interface: 'redfish-virtual-media', ...fields };
}

const cd = (n: number) => sim.bmcs[n - 1]!.media.Cd;

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );
}

describe('validation', () => {
  it('needs the Redfish driver_info and an ISO for the ramdisk the state calls for', () => {
    expect(() => boot.validate(node(1))).not.toThrow();
    expect(() => boot.validate(node(1, {}))).toThrow("Error validating Redfish virtual media. Some parameters were missing in node's driver_info. Missing are: ['deploy_iso']");
    expect(() => boot.validate(node(1, {}, { provision_state: 'rescuing' }))).not.toThrow();
    expect(() => boot.validate({ ...node(1), driver_info: { deploy_iso: DEPLOY_ISO } })).toThrow(DriverError);
  });
});

describe('the agent token on the configuration floppy', () => {
  it('goes beside the ISO on a FAT image the conductor serves to the BMC, and goes away with the media', async () => {
    const media = mediaServer();
    const withFloppy = redfishVirtualMediaBoot(connections, management, { apiUrl: 'http://api.example:6385', media });
    try {
      const booting = node(7, { deploy_iso: DEPLOY_ISO }, { agent: { token: 'T'.repeat(43), url: null, version: null, last_heartbeat: null, pregenerated: true } });
      await withFloppy.prepareRamdisk(booting, 'deploy');
      const floppy = sim.bmcs[6]!.media.Floppy!;
      expect(floppy).toMatchObject({ inserted: true, image: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/vmedia\/[A-Za-z0-9_-]{32}\.img$/) });
      const response = await fetch(floppy.image);
      expect(response.headers.get('connection')).toBe('close');
      const { label, files } = readFloppy(Buffer.from(await response.arrayBuffer()));
      expect(label).toBe('ir-vfd-dev');
      expect(parseParameters(files.get('parameters.txt')!.toString())).toEqual({
        'ipa-agent-token': 'T'.repeat(43), 'ipa-api-url': 'http://api.example:6385', boot_method: 'vmedia', 'ipa-node-uuid': booting.uuid,
      });
      expect(cd(7)).toMatchObject({ image: DEPLOY_ISO });
      await withFloppy.cleanUpRamdisk(booting);
      expect(sim.bmcs[6]!.media).toEqual({});
      expect((await fetch(floppy.image)).status).toBe(404);
      // A node without a token (a network-booted one's, or before this change) gets no floppy.
      await withFloppy.prepareRamdisk(node(7), 'deploy');
      expect(sim.bmcs[6]!.media.Floppy).toBeUndefined();
    } finally {
      await media.close();
    }
  });
});

describe('booting the ramdisk', () => {
  it('inserts the ISO into the virtual CD, sets a one-time CD boot, and the next boot starts from it', async () => {
    await boot.prepareRamdisk(node(1), 'deploy');
    expect(cd(1)).toMatchObject({ image: DEPLOY_ISO, inserted: true, writeProtected: true });
    expect(await management.getBootDevice(node(1))).toEqual({ boot_device: 'cdrom', persistent: false });
    await power.setPowerState(node(1), 'power on');
    expect(sim.bmcs[0]!.booted).toEqual({ source: 'cd' });
    // The override was used up by that boot.
    expect(await management.getBootDevice(node(1))).toMatchObject({ persistent: null });
  });

  it('ejects what was inserted before, then inserts the ISO of the mode asked for', async () => {
    await boot.prepareRamdisk(node(2), 'deploy');
    await boot.prepareRamdisk(node(2, { deploy_iso: DEPLOY_ISO, redfish_rescue_iso: 'http://images.example/old-rescue.iso' }), 'rescue');
    expect(cd(2)).toMatchObject({ image: 'http://images.example/old-rescue.iso', inserted: true });
    await boot.prepareRamdisk(node(2, {}), 'rescue');
    expect(cd(2)).toMatchObject({ image: 'http://images.example/default-rescue.iso' });
  });

  it('refuses a mode without an ISO before touching the BMC', async () => {
    const error = await failure(boot.prepareRamdisk(node(3, {}), 'deploy'));
    expect(error.message).toContain("Missing are: ['deploy_iso']");
    expect(cd(3)).toBeUndefined();
  });

  it('says which node and ISO when the BMC fails, in Ironic’s words', async () => {
    sim.control(4, { failStatus: 500, failCount: 1 });
    const error = await failure(boot.prepareRamdisk(node(4), 'deploy'));
    expect(error).toBeInstanceOf(DriverError);
    expect(error.message).toMatch(new RegExp(`^Redfish exception occurred\\. Error: Inserting virtual media ${DEPLOY_ISO} into node ${node(4).uuid} failed\\. Error: HTTP GET .* returned code 500`));
  });
});

describe('after the ramdisk', () => {
  it('ejects the ISO on clean-up, and again without complaint', async () => {
    await boot.prepareRamdisk(node(5), 'deploy');
    await boot.cleanUpRamdisk(node(5));
    expect(cd(5)).toBeUndefined();
    await boot.cleanUpRamdisk(node(5));
  });

  it('boots the instance from the disk from now on, the ISO ejected', async () => {
    await boot.prepareRamdisk(node(6), 'deploy');
    await boot.prepareInstance(node(6));
    expect(cd(6)).toBeUndefined();
    expect(await management.getBootDevice(node(6))).toEqual({ boot_device: 'disk', persistent: true });
  });
});
