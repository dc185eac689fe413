/**
 * VIFs (virtual network interfaces) of a node, by its network interface:
 * - `noop` records nothing: attaching and detaching succeed and the node has no VIFs (Ironic's
 *   `noop` network interface, fake hardware's default);
 * - `flat` binds a VIF to one free port or port group (`internal_info.tenant_vif_port_id`), as
 *   Ironic's VIF port-ID logic picks it: port groups first, then PXE-enabled ports, then the
 *   others, in creation order. ironledger has no network service: the VIF's network reports no
 *   physical networks, which Ironic reads as "any port's physical network will do", and nothing
 *   checks a cleaning or provisioning network (Ironic's `flat` needs Neutron for both).
 */
import { type AttachVif, type DetachVif } from '../commands.js';
import { InvalidInputError, ResourceConflictError } from '../errors.js';
import { type NodeEvent } from '../events.js';
import { type Node, type Port, type Portgroup } from '../node.js';
import { tenantVif } from './ports.js';
import { ensureNotLocked, eventMeta } from './shared.js';

/** A port or port group a VIF can be bound to. */
type Binding = { readonly kind: 'port'; readonly port: Port } | { readonly kind: 'portgroup'; readonly portgroup: Portgroup };

export function attachVif(command: AttachVif, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  if (node.network_interface === 'noop') return [];
  const chosen = freeBinding(node, command.data);
  const bound = chosen.kind === 'port' ? { port_uuid: chosen.port.uuid, portgroup_uuid: null } : { port_uuid: null, portgroup_uuid: chosen.portgroup.uuid };
  return [{ type: 'VifAttached', data: { vif: command.data.vif, ...bound }, meta: eventMeta(command) }];
}

export function detachVif(command: DetachVif, node: Node): NodeEvent[] {
  ensureNotLocked(node);
  if (node.network_interface === 'noop') return [];
  const { vif } = command.data;
  const group = node.portgroups.find((candidate) => tenantVif(candidate.internal_info) === vif);
  const port = group ? undefined : node.ports.find((candidate) => tenantVif(candidate.internal_info) === vif);
  if (!group && !port) throw new InvalidInputError(`Unable to detach VIF ${vif} from node ${node.uuid} because it is not attached to it.`);
  return [{ type: 'VifDetached', data: { vif, port_uuid: port?.uuid ?? null, portgroup_uuid: group?.uuid ?? null }, meta: eventMeta(command) }];
}

/** The VIFs of a node as `GET /v1/nodes/{id}/vifs` lists them: ports' first, then port groups'. */
export function attachedVifs(node: Node): string[] {
  if (node.network_interface === 'noop') return [];
  return [...node.ports, ...node.portgroups].map((item) => tenantVif(item.internal_info)).filter((vif): vif is string => vif !== undefined);
}

/**
 * Where Ironic would bind the VIF: the candidates (free ports outside groups, and groups with a
 * free member and no VIF; a group with a VIF-bound member offers its free members one by one),
 * best first. A VIF already bound here is a 409; no candidate a 400.
 */
function freeBinding(node: Node, { vif, port_uuid, portgroup_uuid }: AttachVif['data']): Binding {
  const candidates: Binding[] = [];
  const freeMembers = new Map<string, Port[]>();
  const busyGroups = new Set<string | null>();
  for (const port of node.ports) {
    if ((port_uuid !== undefined && port_uuid !== port.uuid) || !usable(port)) continue;
    if (boundTo(port.internal_info, vif, 'Port', port.uuid)) {
      busyGroups.add(port.portgroup_uuid);
      continue;
    }
    if (port.portgroup_uuid === null && portgroup_uuid === undefined) candidates.push({ kind: 'port', port });
    else if (port.portgroup_uuid !== null) freeMembers.set(port.portgroup_uuid, [...(freeMembers.get(port.portgroup_uuid) ?? []), port]);
  }
  if (port_uuid === undefined) {
    for (const portgroup of node.portgroups) {
      if ((portgroup_uuid !== undefined && portgroup_uuid !== portgroup.uuid) || boundTo(portgroup.internal_info, vif, 'Portgroup', portgroup.uuid)) continue;
      const members = freeMembers.get(portgroup.uuid) ?? [];
      if (busyGroups.has(portgroup.uuid)) {
        if (portgroup_uuid === undefined) candidates.push(...members.map((port) => ({ kind: 'port', port }) as const));
      } else if (members.length > 0) {
        candidates.push({ kind: 'portgroup', portgroup });
      }
    }
  }
  if (candidates.length === 0) throw new InvalidInputError(`Unable to attach VIF ${vif}, not enough free physical ports.`);
  // Port groups before ports, PXE-enabled ports before the others; otherwise the order above.
  const rank = (binding: Binding) => (binding.kind === 'portgroup' ? 2 : binding.port.pxe_enabled ? 1 : 0);
  return candidates.reduce((best, candidate) => (rank(candidate) > rank(best) ? candidate : best));
}

/** Whether a VIF other than `vif` is bound here; `vif` itself is Ironic's 409. */
function boundTo(internalInfo: Port['internal_info'], vif: string, objectType: 'Port' | 'Portgroup', uuid: string): boolean {
  const bound = tenantVif(internalInfo);
  if (bound === vif) throw new ResourceConflictError(`Unable to attach VIF because VIF ${vif} is already attached to Ironic ${objectType} ${uuid}`);
  return bound !== undefined;
}

/**
 * A port Ironic would consider for a VIF: a Smart NIC port needs `port_id` and `hostname` in its
 * local link connection, and only a Smart NIC port may have both (ports with an InfiniBand
 * `client-id` are always fine).
 */
function usable(port: Port): boolean {
  if (port.extra['client-id']) return true;
  const link = port.local_link_connection;
  const smartNicLink = typeof link.port_id === 'string' && typeof link.hostname === 'string';
  return port.is_smartnic === smartNicLink;
}
