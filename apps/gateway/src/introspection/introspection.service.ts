/**
 * The introspection use cases (ironic-inspector's API over the node aggregate): a ramdisk's
 * inventory is matched to its node over the read model and applied in one commit by a
 * conductor; an unknown machine is enrolled when discovery is on; statuses are read from the
 * projection. Refusals use the inspector's words.
 */
import { randomUUID } from 'node:crypto';
import { type LiveProjection } from '@ironledger/application';
import {
  bmcHost,
  type DiscoverNode,
  type Introspection,
  type IntrospectionData,
  inventoryFacts,
  type LookupAttributes,
  lookUpNode,
  type Node,
  nodeOwningMacs,
  INTROSPECTION_PROCESSING_STATES,
  type ProcessInventory,
} from '@ironledger/domain';
import { type InspectorConfig } from '../config.js';
import { ApiError } from '../http/errors.js';
import { type Caller, meta } from '../commands.js';
import { type NodeService } from '../nodes/node.service.js';

/** Where discovery puts the BMC address, by hardware type (Ironic's `driver_info` names). */
const BMC_ADDRESS_FIELD: Readonly<Record<string, string>> = { ipmi: 'ipmi_address', redfish: 'redfish_address' };

export class IntrospectionService {
  constructor(
    private readonly projection: LiveProjection,
    private readonly nodes: NodeService,
    private readonly config: InspectorConfig,
  ) {}

  /**
   * `POST /v1/continue`: find the ramdisk's node and process its inventory (or enroll an
   * unknown machine). Returns the node's UUID. Nothing is appended when the look-up fails.
   */
  async continue(data: IntrospectionData, caller: Caller): Promise<{ uuid: string }> {
    // The inventory must be usable before anything else (400 otherwise, nothing appended).
    const facts = inventoryFacts(data);
    const bmc = bmcHost(data.inventory.bmc_address);
    const attributes: LookupAttributes = { bmc_address: bmc ? [bmc] : [], mac: facts.interfaces.map((iface) => iface.address) };
    const portUuids = Object.fromEntries(attributes.mac.map((mac) => [mac, randomUUID()]));
    const nodes = [...this.projection.readModel.all()];
    const found = lookUpNode(nodes, attributes);
    if (found.kind === 'ambiguous') {
      throw new ApiError(404, `Look up error: Multiple nodes match the same number of attributes ${describe(attributes)}: ${found.candidates.join(', ')}`);
    }
    if (found.kind === 'not_found') {
      const known = nodeOwningMacs(nodes, attributes.mac);
      if (known) throw notUnderIntrospection(known);
      if (!this.config.discovery) throw new ApiError(404, `Look up error: Could not find a node for attributes ${describe(attributes)}`);
      return this.discover(data, bmc, portUuids, caller);
    }
    const node = found.node;
    if (!INTROSPECTION_PROCESSING_STATES.includes(node.provision_state)) {
      throw new ApiError(400, `Invalid provision state for introspection: "${node.provision_state}", valid states are "${JSON.stringify(INTROSPECTION_PROCESSING_STATES)}"`);
    }
    const command: ProcessInventory = {
      type: 'ProcessInventory',
      nodeId: node.uuid,
      data: { ...data, port_uuids: portUuids, power_off: this.config.powerOff },
      meta: meta(caller),
    };
    const { events } = await this.nodes.run(command);
    refuseUnlessProcessed(events);
    return { uuid: node.uuid };
  }

  /** The node's introspection record (404 for an unknown node, or one never introspected). */
  status(ident: string): { node: Node; record: Introspection } {
    const node = this.nodes.find(ident);
    if (!node.introspection) throw new ApiError(404, `Could not find node ${node.uuid} in cache`);
    return { node, record: node.introspection };
  }

  /** The inspector's enroll hook: a new node in `enroll` with the BMC address, its inventory processed. */
  private async discover(data: IntrospectionData, bmc: string | undefined, portUuids: Record<string, string>, caller: Caller): Promise<{ uuid: string }> {
    const driver = this.config.enrollNodeDriver;
    const command: DiscoverNode = {
      type: 'DiscoverNode',
      nodeId: randomUUID(),
      data: { ...data, port_uuids: portUuids, driver, driver_info: bmc ? { [BMC_ADDRESS_FIELD[driver] ?? 'bmc_address']: bmc } : {} },
      meta: meta(caller),
    };
    const { events } = await this.nodes.run(command);
    refuseUnlessProcessed(events);
    return { uuid: command.nodeId };
  }
}

/** Why a known machine's ramdisk is refused when its node is not under introspection. */
function notUnderIntrospection(node: Node): ApiError {
  const record = node.introspection;
  if (record?.finished_at) return new ApiError(400, `Introspection for node ${node.uuid} already finished on ${record.finished_at}`);
  return new ApiError(404, `Could not find node ${node.uuid} in introspection cache, probably it's not on introspection now`);
}

/**
 * A commit that did not apply the inventory (the ramdisk reported an error, or the record
 * refused processing and failed) is the client's error: 400 with the recorded reason.
 */
function refuseUnlessProcessed(events: readonly { type: string; data: unknown }[]): void {
  const processed = events.find((event) => event.type === 'InventoryProcessed')?.data as { error: string | null } | undefined;
  if (processed && processed.error === null) return;
  const failure = events.find((event) => event.type === 'IntrospectionFinished')?.data as { error: string | null } | undefined;
  throw new ApiError(400, processed?.error ?? failure?.error ?? 'The introspection data was not processed.');
}

/** Look-up attributes as the inspector prints them (a Python dict). */
function describe(attributes: LookupAttributes): string {
  const list = (values: readonly string[]) => `[${values.map((v) => `'${v}'`).join(', ')}]`;
  return `{'bmc_address': ${list(attributes.bmc_address)}, 'mac': ${list(attributes.mac)}}`;
}
