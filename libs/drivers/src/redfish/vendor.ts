import { type Json, type JsonObject, type Node, pythonRepr, pythonStr, pythonTruthy } from '@ironledger/domain';
import { ejectInserted, managerDrives } from '../boot/virtual-media.js';
import { DriverError, DriverNotFound, DriverRefusal, type VendorDriver } from '../driver.js';
import { type Resource } from './client.js';
import { type NodeSystem, type RedfishConnections, redfishException } from './connections.js';
import { RedfishError } from './errors.js';

/** sushy's `EventType` members (name, value), in its order. */
const SUSHY_EVENT_TYPES: readonly (readonly [string, string])[] = [
  ['STATUS_CHANGE', 'StatusChange'],
  ['RESOURCE_UPDATED', 'ResourceUpdated'],
  ['RESOURCE_ADDED', 'ResourceAdded'],
  ['RESOURCE_REMOVED', 'ResourceRemoved'],
  ['ALERT', 'Alert'],
  ['METRIC_REPORT', 'MetricReport'],
  ['OTHER', 'Other'],
];

/** The fields of a BMC's subscription a call returns. */
const SUBSCRIPTION_FIELDS = new Set(['Id', 'Context', 'Protocol', 'Destination', 'EventTypes']);

/**
 * Ironic's `redfish` vendor interface: `eject_vmedia` (asynchronous) ejects the media of the
 * node's virtual media devices; the subscription methods manage the BMC's EventService
 * subscriptions while the client waits, returning what the BMC holds. Arguments are checked as
 * Ironic checks them, in its order and words; any other argument is ignored, as Ironic's take any.
 */
export function redfishVendor(connections: RedfishConnections): VendorDriver {
  /** The BMC's EventService, refused as Ironic refuses a service root that links none. */
  const eventService = async (target: NodeSystem): Promise<Resource> => {
    const path = (await target.client.links()).eventService;
    if (!path) throw redfishException(`The attribute EventService is missing from the resource ${target.client.info.rootPath}`);
    return target.client.get(path);
  };

  const subscriptionsPath = async (target: NodeSystem): Promise<string> => {
    const path = odataId((await eventService(target)).Subscriptions);
    if (!path) throw new RedfishError('malformed', 'The attribute Subscriptions is missing from the EventService');
    return path;
  };

  /** Where subscription `id` is; an id that is not a string fails as Python's concatenation does. */
  const memberPath = (collection: string, id: unknown): string => {
    if (typeof id !== 'string') throw new DriverError(`can only concatenate str (not "${pythonTypeName(id)}") to str`);
    return collection + (collection.endsWith('/') ? '' : '/') + id;
  };

  const validateEject = async (node: Node, args: JsonObject): Promise<void> => {
    const device = args.boot_device;
    if (!pythonTruthy(device)) return;
    // Ironic 21.4 looks the name up among each device's media types, which sushy gives as enum
    // members no name equals: a node with any virtual media device refuses every boot_device.
    const drives = await managerDrives(connections, connections.systemOf(node), () => true);
    if (drives.length > 0) throw new DriverRefusal(`Boot device ${pythonStr(device)} is not a valid value `);
  };

  const validateSubscription = async (node: Node, args: JsonObject): Promise<void> => {
    const { Destination: destination, EventTypes: eventTypes, Context: context = '', Protocol: protocol = 'Redfish', HttpHeaders: headers } = args;
    if (eventTypes !== undefined && eventTypes !== null) {
      const offered = stringList((await eventService(connections.systemOf(node))).EventTypesForSubscription);
      // Ironic 21.4 compares the names with sushy's enum members, which no name equals: only an
      // empty list gets through. The BMC's offer is named as sushy's members (all when it offers none).
      const allowed = SUSHY_EVENT_TYPES.filter(([, value]) => offered.length === 0 || offered.includes(value));
      if (!Array.isArray(eventTypes) || eventTypes.length > 0) {
        throw new DriverRefusal(`EventTypes ${pythonStr(eventTypes)} is not a valid value, allowed values ${pythonEnumSet('EventType', allowed)}`);
      }
    }
    if (typeof context !== 'string') throw new DriverRefusal(`Context ${pythonStr(context)} is not a valid string`);
    if (typeof protocol !== 'string') throw new DriverRefusal(`Protocol ${pythonStr(protocol)} is not a string`);
    if (headers !== undefined && headers !== null && !Array.isArray(headers)) throw new DriverRefusal(`HttpHeaders ${pythonStr(headers)} is not a list of headers`);
    if (!isAbsoluteUri(destination)) throw new DriverRefusal(`Destination ${pythonStr(destination)} is not a valid URI`);
  };

  const createSubscription = async (node: Node, args: JsonObject): Promise<Json> => {
    const payload: JsonObject = {
      Destination: args.Destination ?? null,
      Protocol: args.Protocol ?? 'Redfish',
      Context: args.Context ?? '',
      EventTypes: args.EventTypes ?? ['Alert'],
    };
    if (pythonTruthy(args.HttpHeaders)) payload.HttpHeaders = args.HttpHeaders!;
    try {
      const target = connections.systemOf(node);
      const { resource } = await target.client.request('POST', await subscriptionsPath(target), { body: payload });
      return subscriptionFields(resource ?? {});
    } catch (error) {
      throw failure(error, `Failed to create subscription on node ${node.uuid}. Subscription payload: ${pythonRepr(payload)}`);
    }
  };

  const getSubscription = async (node: Node, id: unknown): Promise<Json> => {
    const target = connections.systemOf(node);
    try {
      const path = memberPath(await subscriptionsPath(target), id);
      return subscriptionFields(await target.client.get(path));
    } catch (error) {
      throw failure(error, `Redfish get_subscription failed for subscription ${pythonStr(id)} on node ${node.uuid}`);
    }
  };

  const deleteSubscription = async (node: Node, id: unknown): Promise<null> => {
    const target = connections.systemOf(node);
    try {
      // Read first, as sushy does: a subscription that is not there is a 404 either way.
      const path = memberPath(await subscriptionsPath(target), id);
      await target.client.get(path);
      await target.client.request('DELETE', path);
      return null;
    } catch (error) {
      const failed = failure(error, `Redfish delete_subscription failed for subscription ${pythonStr(id)} on node ${node.uuid}`);
      // Ironic answers every BMC failure of this call with 404.
      throw failed instanceof RedfishError ? new DriverNotFound(failed.message) : failed;
    }
  };

  const allSubscriptions = async (node: Node): Promise<Json> => {
    const target = connections.systemOf(node);
    try {
      return (await target.client.get(await subscriptionsPath(target))) as JsonObject;
    } catch (error) {
      throw failure(error, `Redfish get_subscriptions failed for node ${node.uuid}`);
    }
  };

  return {
    async validate(node: Node, method: string, args: JsonObject): Promise<void> {
      connections.parse(node);
      if (method === 'eject_vmedia') return validateEject(node, args);
      if (method === 'create_subscription') return validateSubscription(node, args);
    },

    async call(node: Node, method: string, args: JsonObject): Promise<Json | void> {
      switch (method) {
        case 'eject_vmedia': {
          const target = connections.systemOf(node);
          // Every device holding media; a boot_device that got through validation names one of none.
          if (pythonTruthy(args.boot_device)) return;
          try {
            await ejectInserted(target.client, await managerDrives(connections, target, () => true));
          } catch (error) {
            throw failure(error, `Ejecting virtual media from node ${node.uuid} failed`);
          }
          return;
        }
        case 'create_subscription':
          return createSubscription(node, args);
        case 'delete_subscription':
          return deleteSubscription(node, args.id);
        case 'get_all_subscriptions':
          return allSubscriptions(node);
        case 'get_subscription':
          return getSubscription(node, args.id);
        default:
          throw new DriverError(`No handler for method ${method}`);
      }
    },
  };
}

/** A BMC failure in Ironic's words; anything else (a bug, Python's own error) stays as it is. */
function failure(error: unknown, context: string): unknown {
  return error instanceof RedfishError ? redfishException(`${context}. Error: ${error.message}`, error.kind, error.status) : error;
}

function subscriptionFields(resource: Resource): JsonObject {
  return Object.fromEntries(Object.entries(resource).filter(([name]) => SUBSCRIPTION_FIELDS.has(name))) as JsonObject;
}

function odataId(link: unknown): string | null {
  const id = (link as Resource | null | undefined)?.['@odata.id'];
  return typeof id === 'string' ? id : null;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A URI with a scheme and a host, as Ironic requires of a destination. */
function isAbsoluteUri(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)/.exec(value);
  if (!match) return false;
  const host = match[2]!.replace(/^[^@]*@/, '').replace(/:\d*$/, '');
  return host.length > 0 && !/\s/.test(value);
}

/** Python's `str()` of a set of enum members (Python orders a set by hash; here in the enum's order). */
function pythonEnumSet(enumName: string, members: readonly (readonly [string, string])[]): string {
  return members.length === 0 ? 'set()' : `{${members.map(([name, value]) => `<${enumName}.${name}: ${pythonRepr(value)}>`).join(', ')}}`;
}

function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (Array.isArray(value)) return 'list';
  return typeof value === 'object' ? 'dict' : 'str';
}
