import { type BiosSettingValue, type Json, type Node, pythonRepr, pythonStr } from '@ironledger/domain';
import { type BiosDriver, type PowerDriver } from '../driver.js';
import { type RedfishClient, type Resource } from './client.js';
import { redfishException, type RedfishConnections, redfishFailure, wrap } from './connections.js';
import { RedfishError } from './errors.js';

/** What an attribute registry entry says of a setting, in Ironic's field names (API 1.74). */
type RegistryFields = Omit<BiosSettingValue, 'name' | 'value'>;

const NO_REGISTRY: RegistryFields = {
  attribute_type: null,
  allowable_values: null,
  lower_bound: null,
  max_length: null,
  min_length: null,
  read_only: null,
  reset_required: null,
  unique: null,
  upper_bound: null,
};

/** Ironic's fields from one `RegistryEntries.Attributes[]` entry. */
export function registryFields(entry: Resource | undefined): RegistryFields {
  if (!entry) return NO_REGISTRY;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const number = (value: unknown) => (typeof value === 'number' ? value : null);
  const flag = (value: unknown) => (typeof value === 'boolean' ? value : null);
  const values = Array.isArray(entry.Value)
    ? (entry.Value as Resource[]).map((value) => text(value?.ValueName) ?? text(value?.ValueDisplayName)).filter((name): name is string => name !== null)
    : null;
  return {
    attribute_type: text(entry.Type),
    allowable_values: values,
    lower_bound: number(entry.LowerBound),
    max_length: number(entry.MaxLength),
    min_length: number(entry.MinLength),
    read_only: flag(entry.ReadOnly),
    reset_required: flag(entry.ResetRequired),
    unique: flag(entry.IsSystemUniqueProperty),
    upper_bound: number(entry.UpperBound),
  };
}

/** Attributes the BMC did not take, as Ironic prints them (a Python dict of the requested values). */
export function attributesNotUpdated(current: Resource, requested: Readonly<Record<string, Json>>): string | null {
  const missed = Object.entries(requested).filter(([name, value]) => JSON.stringify(current[name]) !== JSON.stringify(value));
  return missed.length > 0 ? pythonRepr(Object.fromEntries(missed)) : null;
}

/**
 * Ironic's `redfish` BIOS interface: `Bios.Attributes` of the node's ComputerSystem, described
 * by the attribute registry the BMC publishes when it can be found (else the registry fields
 * stay null); settings are applied by PATCHing the BIOS' settings object (pending until the next
 * boot), factory defaults by `Bios.ResetBios`. Where Ironic reboots and finishes the step once the
 * ramdisk is back, this driver reboots through `power` and checks the result at once.
 */
export function redfishBios(connections: RedfishConnections, power: PowerDriver): BiosDriver {
  const notSupported = (node: Node, what: string) => redfishException(`Redfish BIOS ${what} failed for node ${node.uuid}, because BIOS settings are not supported.`);

  /** The node's `Bios` resource and its path, or `null` when the system has none. */
  const readBios = async (node: Node): Promise<{ client: RedfishClient; path: string; bios: Resource } | null> => {
    const target = connections.systemOf(node);
    const { client } = target;
    const { system } = await connections.readSystem(target);
    const path = (system.Bios as Resource | undefined)?.['@odata.id'];
    if (typeof path !== 'string') return null;
    return { client, path, bios: await client.get(path) };
  };

  /** The registry entries of the BIOS' `AttributeRegistry`, found among the service's `Registries`; empty when it cannot be read. */
  const registry = async (client: RedfishClient, bios: Resource): Promise<Map<string, Resource>> => {
    const name = bios.AttributeRegistry;
    if (typeof name !== 'string') return new Map();
    try {
      const collection = (await client.links()).registries;
      if (collection === null) return new Map();
      const members = ((await client.get(collection)).Members ?? []) as Resource[];
      for (const member of members) {
        const memberPath = member?.['@odata.id'];
        if (typeof memberPath !== 'string') continue;
        const file = await client.get(memberPath);
        if (file.Id !== name && file.Registry !== name && !memberPath.endsWith(`/${name}`)) continue;
        const location = ((file.Location ?? []) as Resource[]).find((entry) => entry?.Language === 'en' && typeof entry.Uri === 'string');
        if (!location) continue;
        const document = await client.get(location.Uri as string);
        if (!String(document['@odata.type'] ?? '').endsWith('AttributeRegistry')) continue;
        const attributes = ((document.RegistryEntries as Resource | undefined)?.Attributes ?? []) as Resource[];
        return new Map(attributes.filter((entry) => typeof entry?.AttributeName === 'string').map((entry) => [entry.AttributeName as string, entry]));
      }
    } catch {
      // As Ironic: a registry that cannot be read leaves its fields null.
    }
    return new Map();
  };

  const reboot = (node: Node) => power.setPowerState(node, 'rebooting');

  return {
    async readSettings(node) {
      let found: Awaited<ReturnType<typeof readBios>>;
      try {
        found = await readBios(node);
      } catch (error) {
        throw wrap(error, `Cannot fetch BIOS attributes for node ${node.uuid}`);
      }
      if (!found) throw new RedfishError('unsupported', `Cannot fetch BIOS attributes for node ${node.uuid}, BIOS settings are not supported.`);
      const attributes = (found.bios.Attributes ?? {}) as Resource;
      const entries = await registry(found.client, found.bios);
      return Object.entries(attributes).map(([name, value]) => ({ name, value: pythonStr(value), ...registryFields(entries.get(name)) }));
    },

    async applyConfiguration(node, settings) {
      const requested = Object.fromEntries(settings.map(({ name, value }) => [name, value]));
      const context = `Redfish BIOS apply configuration failed for node ${node.uuid}`;
      try {
        const found = await readBios(node);
        if (!found) throw notSupported(node, 'apply configuration');
        const redfishSettings = (found.bios['@Redfish.Settings'] ?? {}) as Resource;
        const settingsPath = (redfishSettings.SettingsObject as Resource | undefined)?.['@odata.id'];
        const applyTimes = redfishSettings.SupportedApplyTimes;
        const body: Resource = { Attributes: requested };
        if (Array.isArray(applyTimes) && applyTimes.includes('OnReset')) {
          body['@Redfish.SettingsApplyTime'] = { '@odata.type': '#Settings.v1_0_0.PreferredApplyTime', ApplyTime: 'OnReset' };
        }
        await found.client.request('PATCH', typeof settingsPath === 'string' ? settingsPath : `${found.path}/Settings`, { body });
      } catch (error) {
        throw redfishFailure(error, context);
      }
      await reboot(node);
      const after = await readBios(node);
      const missed = attributesNotUpdated((after?.bios.Attributes ?? {}) as Resource, requested);
      if (missed) throw new RedfishError('rejected', `Redfish BIOS apply_configuration step failed. Attributes ${missed} are not updated.`);
    },

    async factoryReset(node) {
      const context = `Redfish BIOS factory reset failed for node ${node.uuid}`;
      try {
        const found = await readBios(node);
        if (!found) throw notSupported(node, 'factory reset');
        const action = ((found.bios.Actions as Resource | undefined)?.['#Bios.ResetBios'] as Resource | undefined)?.target;
        const target = typeof action === 'string' ? action : `${found.path}/Actions/Bios.ResetBios`;
        // As sushy: no body, then `{}` for BMCs that insist on one.
        await found.client.request('POST', target).catch((error: unknown) => {
          if (error instanceof RedfishError && (error.status === 400 || error.status === 415)) return found.client.request('POST', target, { body: {} });
          throw error;
        });
      } catch (error) {
        throw redfishFailure(error, context);
      }
      await reboot(node);
    },
  };
}
