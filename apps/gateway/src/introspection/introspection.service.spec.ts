import { describe, expect, it } from '@jest/globals';
import { type LiveProjection } from '@ironledger/application';
import { type Introspection, type IntrospectionData, type Node, type NodeCommand, type NodeEvent, newPort } from '@ironledger/domain';
import { type InspectorConfig } from '../config.js';
import { ApiError } from '../http/errors.js';
import { IntrospectionService } from './introspection.service.js';
import { type NodeService } from '../nodes/node.service.js';
import { aNode } from '../testing/nodes.js';

const MAC = 'aa:bb:cc:00:00:01';
const waiting: Introspection = { state: 'waiting', started_at: '2026-11-21T10:00:00Z', finished_at: null, error: null };
const caller = { requestId: 'req-1', actor: 'ramdisk' };
const data = (macs = [MAC], bmc?: string): IntrospectionData => ({
  inventory: { cpu: { count: 2, architecture: 'x86_64' }, memory: { physical_mb: 2048 }, disks: [], interfaces: macs.map((mac_address, i) => ({ name: `eth${i}`, mac_address })), ...(bmc && { bmc_address: bmc }) },
});

/** The service over a fixed fleet; `reply` is what the conductor appends for a command. */
function service(nodes: Node[], { config = {}, reply = processed }: { config?: Partial<InspectorConfig>; reply?: (command: NodeCommand) => NodeEvent[] } = {}) {
  const sent: NodeCommand[] = [];
  const projection = { readModel: { all: () => nodes.values() } } as unknown as LiveProjection;
  const nodeService = {
    run: async (command: NodeCommand) => {
      sent.push(command);
      return { node: null, events: reply(command) };
    },
    find: (ident: string) => nodes.find((n) => n.uuid === ident || n.name === ident)!,
  } as unknown as NodeService;
  return { sent, introspection: new IntrospectionService(projection, nodeService, { discovery: false, enrollNodeDriver: 'ipmi', powerOff: true, ...config }) };
}

const event = (type: string, data: object) => ({ type, data, meta: {} }) as unknown as NodeEvent;
const processed = () => [event('InventoryProcessed', { error: null }), event('IntrospectionFinished', { error: null })];

describe('POST /v1/continue', () => {
  it('finds the node by MAC and processes the inventory with fresh port UUIDs and power-off', async () => {
    const node = aNode({ uuid: 'n-1', provision_state: 'inspect wait', introspection: waiting, ports: [newPort({ uuid: 'p', address: MAC }, '')] });
    const { introspection, sent } = service([node, aNode({ uuid: 'n-2' })]);
    expect(await introspection.continue(data([MAC.toUpperCase(), 'aa:bb:cc:00:00:02']), caller)).toEqual({ uuid: 'n-1' });
    expect(sent).toEqual([expect.objectContaining({ type: 'ProcessInventory', nodeId: 'n-1', data: expect.objectContaining({ power_off: true }) })]);
    expect(Object.keys((sent[0].data as { port_uuids: object }).port_uuids)).toEqual([MAC, 'aa:bb:cc:00:00:02']);
  });

  it('names the candidates of a tie, and finds nothing with the inspector’s words', async () => {
    const twins = ['t-2', 't-1'].map((uuid) => aNode({ uuid, provision_state: 'inspect wait', introspection: waiting, driver_info: { ipmi_address: '10.0.0.1' } }));
    const { introspection, sent } = service(twins);
    await expect(introspection.continue(data([MAC], '10.0.0.1'), caller)).rejects.toThrow(
      new ApiError(404, `Look up error: Multiple nodes match the same number of attributes {'bmc_address': ['10.0.0.1'], 'mac': ['${MAC}']}: t-1, t-2`),
    );
    await expect(introspection.continue(data([MAC], '10.0.0.9'), caller)).rejects.toThrow(
      new ApiError(404, `Look up error: Could not find a node for attributes {'bmc_address': ['10.0.0.9'], 'mac': ['${MAC}']}`),
    );
    expect(sent).toEqual([]);
  });

  it('tells a known machine that its node is not under introspection', async () => {
    const port = newPort({ uuid: 'p', address: MAC }, '');
    const never = service([aNode({ uuid: 'idle', ports: [port] })]);
    await expect(never.introspection.continue(data(), caller)).rejects.toThrow(new ApiError(404, "Could not find node idle in introspection cache, probably it's not on introspection now"));
    const done = service([aNode({ uuid: 'done', ports: [port], introspection: { ...waiting, state: 'finished', finished_at: '2026-11-21T10:05:00Z' } })]);
    await expect(done.introspection.continue(data(), caller)).rejects.toThrow(new ApiError(400, 'Introspection for node done already finished on 2026-11-21T10:05:00Z'));
  });

  it('refuses a node whose provision state is not inspecting', async () => {
    const { introspection } = service([aNode({ uuid: 'odd', provision_state: 'manageable', introspection: waiting, driver_info: { ipmi_address: '10.0.0.1' } })]);
    await expect(introspection.continue(data([MAC], '10.0.0.1'), caller)).rejects.toThrow('Invalid provision state for introspection: "manageable", valid states are "["inspecting","inspect wait"]"');
  });

  it('answers 400 with the recorded reason when the commit did not apply the inventory', async () => {
    const node = aNode({ uuid: 'n-1', provision_state: 'inspect wait', introspection: waiting, driver_info: { ipmi_address: '10.0.0.1' } });
    const failing = service([node], { reply: () => [event('InventoryProcessed', { error: 'Ramdisk reported error: boom' }), event('IntrospectionFinished', { error: 'Ramdisk reported error: boom' })] });
    await expect(failing.introspection.continue(data([MAC], '10.0.0.1'), caller)).rejects.toThrow(new ApiError(400, 'Ramdisk reported error: boom'));
  });

  it('enrolls an unknown machine when discovery is on, with its BMC address in driver_info', async () => {
    const { introspection, sent } = service([], { config: { discovery: true } });
    const { uuid } = await introspection.continue(data([MAC], 'https://10.7.0.1:443'), caller);
    expect(sent).toEqual([expect.objectContaining({ type: 'DiscoverNode', nodeId: uuid, data: expect.objectContaining({ driver: 'ipmi', driver_info: { ipmi_address: '10.7.0.1' } }) })]);
  });

  it('refuses an unusable inventory before looking anything up', async () => {
    const { introspection, sent } = service([]);
    await expect(introspection.continue(data(['not-a-mac']), caller)).rejects.toThrow(/No suitable interfaces/);
    expect(sent).toEqual([]);
  });
});
