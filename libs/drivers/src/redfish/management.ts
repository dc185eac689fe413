import { type BootMode, type Node } from '@ironledger/domain';
import { type BootDeviceInfo, DriverRefusal, type IndicatorInfo, type ManagementDriver, unsupported } from '../driver.js';
import { type RedfishClient, type Resource } from './client.js';
import { redfishException, type RedfishConnections, redfishFailure as failure, type SystemRead } from './connections.js';
import { RedfishError } from './errors.js';

/** Ironic's boot devices and the `BootSourceOverrideTarget` each is (`safe` and the others have none). */
export const BOOT_DEVICE_TO_REDFISH: Readonly<Record<string, string>> = { pxe: 'Pxe', disk: 'Hdd', cdrom: 'Cd', bios: 'BiosSetup' };
const REDFISH_TO_BOOT_DEVICE: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(BOOT_DEVICE_TO_REDFISH).map(([ironic, redfish]) => [redfish, ironic]));

/** `BootSourceOverrideMode` of each boot mode. */
export const BOOT_MODE_TO_REDFISH: Readonly<Record<BootMode, string>> = { uefi: 'UEFI', bios: 'Legacy' };

/** `IndicatorLED` values and Ironic's indicator states. */
export const INDICATOR_TO_REDFISH: Readonly<Record<string, string>> = { on: 'Lit', off: 'Off', blinking: 'Blinking', unknown: 'Unknown' };
const REDFISH_TO_INDICATOR: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(INDICATOR_TO_REDFISH).map(([ironic, redfish]) => [redfish, ironic]));
const INDICATOR_STATES = ['blinking', 'off', 'on'];

/** What a boot device read says: the target Ironic names (else `null`), and `Continuous` as persistent (neither: `null`). */
export function bootDeviceOf(system: Resource): BootDeviceInfo {
  const boot = (system.Boot ?? {}) as Resource;
  const target = boot.BootSourceOverrideTarget;
  const enabled = boot.BootSourceOverrideEnabled;
  return {
    boot_device: typeof target === 'string' ? (REDFISH_TO_BOOT_DEVICE[target] ?? null) : null,
    persistent: enabled === 'Continuous' ? true : enabled === 'Once' ? false : null,
  };
}

/**
 * The PATCH that sets a boot device: the target, and `BootSourceOverrideEnabled` only when it
 * changes (some BMCs refuse a PATCH repeating it), or always for Supermicro; or why not, when
 * the BMC's allowed targets lack it (sushy refuses without asking the BMC).
 */
export function bootDevicePatch(system: Resource, device: string, persistent: boolean, vendor: string | null): { body: Resource } | { refused: string } {
  const boot = (system.Boot ?? {}) as Resource;
  const target = BOOT_DEVICE_TO_REDFISH[device]!;
  const allowed = boot['BootSourceOverrideTarget@Redfish.AllowableValues'];
  if (Array.isArray(allowed) && !allowed.includes(target)) {
    return { refused: `The parameter "target" value "${target}" is invalid. Valid values are: ${allowed.join(', ')}` };
  }
  const enabled = persistent ? 'Continuous' : 'Once';
  const sendEnabled = boot.BootSourceOverrideEnabled !== enabled || vendor === 'supermicro';
  return { body: { Boot: { BootSourceOverrideTarget: target, ...(sendEnabled && { BootSourceOverrideEnabled: enabled }) } } };
}

const linkOf = (resource: Resource, name: string): string | undefined => {
  const link = (resource[name] as Resource | undefined)?.['@odata.id'];
  return typeof link === 'string' ? link : undefined;
};

/** The ComputerSystem's chassis, as `Links.Chassis` lists them. */
async function chassisOf(client: RedfishClient, system: Resource): Promise<{ path: string; chassis: Resource }[]> {
  const links = ((system.Links as Resource | undefined)?.Chassis ?? []) as Resource[];
  const paths = links.map((link) => link?.['@odata.id']).filter((path): path is string => typeof path === 'string');
  return Promise.all(paths.map(async (path) => ({ path, chassis: await client.get(path) })));
}

/**
 * Ironic's `redfish` management interface: the boot override of the node's ComputerSystem
 * (conditional on its ETag), its boot mode and `SecureBoot` resource, NMI through
 * `ComputerSystem.Reset`, and the `IndicatorLED` of the system and its chassis, named by their
 * `UUID`. Messages are Ironic's.
 */
export function redfishManagement(connections: RedfishConnections): ManagementDriver {
  const session = async (node: Node): Promise<{ client: RedfishClient; read: SystemRead }> => {
    const target = connections.systemOf(node);
    return { client: target.client, read: await connections.readSystem(target) };
  };

  /** PATCHes the ComputerSystem, conditional on the ETag it was read with. */
  const patchSystem = (client: RedfishClient, read: SystemRead, body: Resource) =>
    client.request('PATCH', read.path, { body, headers: read.etag ? { 'If-Match': read.etag } : {} });

  /** The indicator `id` of `component`, and where its LED is set. */
  const findIndicator = async (client: RedfishClient, read: SystemRead, component: string, id: string): Promise<{ path: string; resource: Resource } | null> => {
    if (component === 'system' && read.system.UUID === id) return { path: read.path, resource: read.system };
    if (component === 'chassis') {
      const found = (await chassisOf(client, read.system)).find(({ chassis }) => chassis.UUID === id);
      if (found) return { path: found.path, resource: found.chassis };
    }
    return null;
  };

  const unknownIndicator = (node: Node, component: string, id: string) => new DriverRefusal(`Unknown indicator ${id} for component ${component} of node ${node.uuid}`);

  return {
    validate(node) {
      connections.parse(node);
    },

    // A constant, as in Ironic: the BMC's allowed targets only refuse a set.
    supportedBootDevices: () => Object.keys(BOOT_DEVICE_TO_REDFISH),

    async getBootDevice(node) {
      try {
        return bootDeviceOf((await session(node)).read.system);
      } catch (error) {
        throw failure(error, `Redfish get boot device failed for node ${node.uuid}`);
      }
    },

    async setBootDevice(node, device, persistent) {
      if (!BOOT_DEVICE_TO_REDFISH[device]) throw new DriverRefusal(`Invalid boot device ${device} specified.`);
      const context = `Redfish set boot device failed for node ${node.uuid}`;
      try {
        const { client, read } = await session(node);
        const vendor = typeof node.properties.vendor === 'string' ? node.properties.vendor.toLowerCase() : null;
        const patch = bootDevicePatch(read.system, device, persistent, vendor);
        if ('refused' in patch) throw new RedfishError('unsupported', patch.refused);
        await patchSystem(client, read, patch.body);
      } catch (error) {
        throw failure(error, context);
      }
    },

    async getBootMode(node) {
      try {
        const mode = ((await session(node)).read.system.Boot as Resource | undefined)?.BootSourceOverrideMode;
        return mode === 'UEFI' ? 'uefi' : mode === 'Legacy' ? 'bios' : null;
      } catch (error) {
        throw failure(error, `Redfish get boot mode failed for node ${node.uuid}`);
      }
    },

    async setBootMode(node, mode) {
      const { client, read } = await session(node).catch((error: unknown) => {
        throw failure(error, `Setting boot mode to ${mode} failed for node ${node.uuid}`);
      });
      try {
        await patchSystem(client, read, { Boot: { BootSourceOverrideMode: BOOT_MODE_TO_REDFISH[mode] } });
      } catch (error) {
        // A BMC without the property cannot do it at all, as Ironic tells it.
        if (!('BootSourceOverrideMode' in ((read.system.Boot ?? {}) as Resource))) throw unsupported(node, 'set_boot_mode');
        throw failure(error, `Setting boot mode to ${mode} failed for node ${node.uuid}`);
      }
    },

    async getSecureBoot(node) {
      const { client, read } = await session(node);
      const link = linkOf(read.system, 'SecureBoot');
      if (!link) throw unsupported(node, 'get_secure_boot_state');
      try {
        return (await client.get(link)).SecureBootEnable === true;
      } catch (error) {
        throw failure(error, `Redfish get secure boot state failed for node ${node.uuid}`);
      }
    },

    async setSecureBoot(node, enabled) {
      const { client, read } = await session(node);
      const link = linkOf(read.system, 'SecureBoot');
      if (!link) throw unsupported(node, 'set_secure_boot_state');
      const shown = enabled ? 'True' : 'False';
      let current: Resource;
      try {
        current = await client.get(link);
      } catch (error) {
        throw failure(error, `Failed to set secure boot state on node ${node.uuid} to ${shown}`);
      }
      if (current.SecureBootEnable === enabled) return;
      if (((read.system.Boot ?? {}) as Resource).BootSourceOverrideMode === 'Legacy') throw redfishException(`Configuring secure boot requires UEFI for node ${node.uuid}`);
      try {
        await client.request('PATCH', link, { body: { SecureBootEnable: enabled } });
      } catch (error) {
        throw error instanceof RedfishError ? redfishException(`Failed to set secure boot state on node ${node.uuid} to ${shown}: ${error.message}`, error.kind, error.status) : error;
      }
    },

    async injectNmi(node) {
      try {
        const { client, read } = await session(node);
        const { target, allowable } = await connections.resetAction(client, read);
        if (allowable && !allowable.includes('Nmi')) throw new RedfishError('unsupported', `The parameter "value" value "Nmi" is invalid. Valid values are: ${allowable.join(', ')}`);
        await client.post(target, { ResetType: 'Nmi' });
      } catch (error) {
        throw failure(error, `Redfish inject NMI failed for node ${node.uuid}`);
      }
    },

    async listIndicators(node) {
      const { client, read } = await session(node);
      const indicators: IndicatorInfo[] = [];
      const describe = (component: string, resource: Resource) => {
        if (typeof resource.IndicatorLED === 'string' && resource.IndicatorLED !== '' && typeof resource.UUID === 'string') {
          indicators.push({ id: resource.UUID, component, readonly: false, states: INDICATOR_STATES });
        }
      };
      // As Ironic: chassis first, a chassis that cannot be read is left out.
      for (const { chassis } of await chassisOf(client, read.system).catch(() => [])) describe('chassis', chassis);
      describe('system', read.system);
      return indicators;
    },

    async getIndicatorState(node, component, id) {
      let found: { resource: Resource } | null;
      try {
        const { client, read } = await session(node);
        found = await findIndicator(client, read, component, id);
      } catch (error) {
        throw failure(error, `Redfish get ${component} indicator ${id} state failed for node ${node.uuid}`);
      }
      if (!found) throw unknownIndicator(node, component, id);
      return REDFISH_TO_INDICATOR[String(found.resource.IndicatorLED)] ?? 'unknown';
    },

    async setIndicatorState(node, component, id, state) {
      const value = INDICATOR_TO_REDFISH[state];
      if (!value) throw new DriverRefusal(`Invalid indicator state ${state} specified.`);
      const context = `Redfish set ${component} indicator ${id} state ${state} failed for node ${node.uuid}`;
      let found: { path: string } | null;
      try {
        const { client, read } = await session(node);
        found = await findIndicator(client, read, component, id);
        if (found) await client.request('PATCH', found.path, { body: { IndicatorLED: value } });
      } catch (error) {
        throw failure(error, context);
      }
      if (!found) throw unknownIndicator(node, component, id);
    },
  };
}
