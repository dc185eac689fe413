import { describe, expect, it } from '@jest/globals';
import { type JsonObject, newNode, type Node, type Port } from '@ironledger/domain';
import {
  AgentBusy, AgentCommandFailed, agentCommandError, agentEndpoint, agentNodeView, agentPortsView, AgentUnreachable, commandsUrl, readCommandAnswer,
  readCommandsStatus, readStepOffer,
} from './client.js';
import { thrown } from '../testing/thrown.js';

const UUID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const AT_NODE = { url: 'http://192.0.2.10:9999', token: 'secret-token', nodeUuid: UUID };
const ANONYMOUS = { url: 'http://192.0.2.10:9999/', token: null };

const node = (fields: Partial<Node> = {}): Node => newNode(UUID, '2026-01-01T00:00:00Z', { provision_state: 'manageable', driver: 'redfish', ...fields });
const answer = (status: number, body: unknown) => ({ status, text: typeof body === 'string' ? body : JSON.stringify(body) });
const command = (fields: Record<string, unknown> = {}) => ({ id: 'c-1', command_name: 'execute_clean_step', command_status: 'RUNNING', command_error: null, command_result: null, ...fields });

describe('command URLs', () => {
  it('carries wait first, then the token, as Ironic sends them', () => {
    expect(commandsUrl(AT_NODE, { wait: 'true' })).toBe('http://192.0.2.10:9999/v1/commands/?wait=true&agent_token=secret-token');
    expect(commandsUrl(AT_NODE)).toBe('http://192.0.2.10:9999/v1/commands/?agent_token=secret-token');
  });

  it('leaves out a token the agent does not have, and a trailing slash of the callback URL', () => {
    expect(commandsUrl(ANONYMOUS, { wait: 'false' })).toBe('http://192.0.2.10:9999/v1/commands/?wait=false');
    expect(commandsUrl(ANONYMOUS)).toBe('http://192.0.2.10:9999/v1/commands/');
  });
});

describe('answers to a command', () => {
  it('is the command, whatever its status', () => {
    expect(readCommandAnswer(AT_NODE, 'clean.execute_clean_step', answer(200, command()))).toEqual(command());
    const failed = command({ command_status: 'FAILED', command_error: { type: 'CleaningError', code: 500, message: 'Clean step failed', details: 'disk on fire' } });
    expect(readCommandAnswer(AT_NODE, 'clean.execute_clean_step', answer(200, failed))).toEqual(failed);
  });

  it('is AgentBusy on 409, or a fault saying so, in Ironic’s words', () => {
    const busy = thrown(() => readCommandAnswer(AT_NODE, 'clean.get_clean_steps', answer(409, { faultcode: 'Client', faultstring: 'Agent is busy: executing command execute_clean_step' })));
    expect(busy).toBeInstanceOf(AgentBusy);
    expect(busy.message).toBe(`Node ${UUID} command "clean.get_clean_steps" failed. Agent is presently executing a command. Error Agent is busy: executing command execute_clean_step`);
    expect(thrown(() => readCommandAnswer(ANONYMOUS, 'standby.sync', answer(500, { faultstring: 'agent is busy' })))).toBeInstanceOf(AgentBusy);
  });

  it('is AgentCommandFailed with the status and fault on other errors', () => {
    const refused = thrown(() => readCommandAnswer(AT_NODE, 'clean.execute_clean_step', answer(400, { faultcode: 'Client', faultstring: "Invalid command parameters: Image is missing 'id' field." })));
    expect(refused).toBeInstanceOf(AgentCommandFailed);
    expect(refused.message).toBe(`Agent API for node ${UUID} returned HTTP status code 400 with error: Invalid command parameters: Image is missing 'id' field.`);
    expect((refused as AgentCommandFailed).status).toBe(400);
    expect(thrown(() => readCommandAnswer(ANONYMOUS, 'standby.sync', answer(401, '401 Unauthorized: Token invalid.'))).message).toBe(
      'Agent API for http://192.0.2.10:9999/ returned HTTP status code 401 with error: 401 Unauthorized: Token invalid.',
    );
  });

  it('refuses a command the agent took other parameters for (a TypeError), as Ironic does', () => {
    const typeError = command({ command_status: 'FAILED', command_error: { type: 'TypeError', code: 500, message: 'Command execution failed', details: "unexpected keyword argument 'x'" } });
    const error = thrown(() => readCommandAnswer(AT_NODE, 'standby.sync', answer(200, typeError)));
    expect(error).toBeInstanceOf(AgentCommandFailed);
    expect(error.message).toBe(`Agent API for node ${UUID} returned HTTP status code 500 with error: unexpected keyword argument 'x'`);
  });

  it('refuses answers that are not a command', () => {
    expect(thrown(() => readCommandAnswer(AT_NODE, 'standby.sync', answer(200, '<html>')))).toMatchObject({
      message: 'Unable to decode response as JSON. Request URL: http://192.0.2.10:9999/v1/commands/ Response status code: 200 Response: "<html>"',
    });
    expect(thrown(() => readCommandAnswer(AT_NODE, 'standby.sync', answer(200, { hello: 1 }))).message).toBe(`Agent on node ${UUID} returned bad command result: {"hello":1}`);
  });
});

describe('the commands status', () => {
  it('lists the commands, oldest first', () => {
    expect(readCommandsStatus(AT_NODE, answer(200, { commands: [command({ id: 'a' }), command({ id: 'b', command_status: 'SUCCEEDED' })] })).map((c) => [c.id, c.command_status])).toEqual([
      ['a', 'RUNNING'],
      ['b', 'SUCCEEDED'],
    ]);
  });

  it('refuses an error status and a body without commands', () => {
    expect(thrown(() => readCommandsStatus(AT_NODE, answer(401, { faultstring: '401 Unauthorized: Token invalid.' })))).toBeInstanceOf(AgentCommandFailed);
    expect(thrown(() => readCommandsStatus(AT_NODE, answer(200, {}))).message).toBe(`Agent on node ${UUID} returned a bad commands status: {}`);
  });
});

describe('steps the agent offers', () => {
  const result: JsonObject = {
    clean_steps: {
      GenericHardwareManager: [
        { step: 'erase_devices', priority: 10, interface: 'deploy', reboot_requested: false, abortable: true },
        { step: 'delete_configuration', priority: 0, interface: 'raid', reboot_requested: false, argsinfo: null },
      ],
      VendorManager: [{ step: 'upgrade_firmware', priority: 5, interface: 'management', args: { force: true } }],
    },
    hardware_manager_version: { generic_hardware_manager: '1.2' },
  };

  it('are flattened over the hardware managers, with args, and the managers’ versions kept', () => {
    const offer = readStepOffer(result, 'clean', UUID);
    expect(offer.hardwareManagerVersion).toEqual({ generic_hardware_manager: '1.2' });
    expect(offer.steps).toEqual([
      { step: 'erase_devices', priority: 10, interface: 'deploy', reboot_requested: false, abortable: true, args: {} },
      { step: 'delete_configuration', priority: 0, interface: 'raid', reboot_requested: false, argsinfo: null, args: {} },
      { step: 'upgrade_firmware', priority: 5, interface: 'management', args: { force: true } },
    ]);
  });

  it('are refused in Ironic’s words when keys are missing', () => {
    expect(thrown(() => readStepOffer({ deploy_steps: {} }, 'deploy', UUID)).message).toBe(
      `agent get_deploy_steps for node ${UUID} returned an invalid result. Keys: {'hardware_manager_version'} are missing from result: {'deploy_steps': {}}.`,
    );
    expect(thrown(() => readStepOffer(null, 'clean', UUID)).message).toBe(
      `agent get_clean_steps for node ${UUID} returned an invalid result. Keys: {'clean_steps', 'hardware_manager_version'} are missing from result: None.`,
    );
    const broken = { clean_steps: { M: [{ step: 'x' }] }, hardware_manager_version: {} };
    expect(thrown(() => readStepOffer(broken, 'clean', UUID)).message).toBe(
      `agent get_clean_steps for node ${UUID} returned an invalid clean step. Keys: {'interface', 'priority'} are missing from step: {'step': 'x'}.`,
    );
  });
});

describe('the agent’s error', () => {
  it.each([
    [{ type: 'CleaningError', message: 'Clean step failed', details: 'disk on fire' }, 'disk on fire'],
    [{ type: 'X', message: 'only a message', details: '' }, 'only a message'],
    [{ type: 'X' }, "{'type': 'X'}"],
    ['plain text', 'plain text'],
    [null, 'Invalid agent response'],
  ])('of %j reads %j', (error, expected) => {
    expect(agentCommandError({ command_error: error })).toBe(expected);
  });
});

describe('what the agent is sent of the node', () => {
  const port: Port = {
    uuid: 'p-1', address: '52:54:00:12:34:56', pxe_enabled: true, extra: {}, local_link_connection: {}, physical_network: null, is_smartnic: false,
    portgroup_uuid: null, internal_info: {}, created_at: '2026-01-01T00:00:00Z',
  };
  const deployed = node({
    driver_info: { redfish_address: 'https://bmc', redfish_password: 'hunter2', nested: { snmp_auth_key: 'k' } },
    instance_info: { image_source: 'http://images/disk.qcow2', configdrive: 'H4sIAAAA', root_gb: 10 },
    properties: { root_device: { name: '/dev/sda' } },
    target_raid_config: { logical_disks: [] },
    ports: [port],
  });

  it('is Ironic’s node fields, secrets (oslo’s keys: an SNMP key is not one) and the config drive masked', () => {
    const view = agentNodeView(deployed);
    expect(view).toMatchObject({
      uuid: UUID,
      driver: 'redfish',
      driver_info: { redfish_address: 'https://bmc', redfish_password: '******', nested: { snmp_auth_key: 'k' } },
      instance_info: { image_source: 'http://images/disk.qcow2', configdrive: '******', root_gb: 10 },
      properties: { root_device: { name: '/dev/sda' } },
      target_raid_config: { logical_disks: [] },
      boot_interface: deployed.boot_interface,
      traits: [],
      driver_internal_info: { deploy_boot_mode: 'uefi' },
    });
    expect(agentNodeView(node({ properties: { capabilities: 'boot_mode:bios' } })).driver_internal_info).toEqual({ deploy_boot_mode: 'bios' });
    for (const ours of ['ports', 'step_run', 'agent', 'introspection', 'bios_settings']) expect(view).not.toHaveProperty(ours);
  });

  it('keeps the config drive for deploy steps, which write it', () => {
    expect(agentNodeView(deployed, { withConfigdrive: true }).instance_info).toMatchObject({ configdrive: 'H4sIAAAA' });
    expect(agentNodeView(node(), { withConfigdrive: true }).instance_info).toEqual({});
  });

  it('sends the ports as they are', () => {
    expect(agentPortsView(deployed.ports)).toEqual([{ ...port, updated_at: null }]);
  });
});

describe('the agent of a node', () => {
  it('is where its last heartbeat said, with its token', () => {
    const up = node({ agent: { url: 'http://192.0.2.10:9999', token: 't', version: '11.0.0', last_heartbeat: null } });
    expect(agentEndpoint(up)).toEqual({ url: 'http://192.0.2.10:9999', token: 't', nodeUuid: UUID });
  });

  it('is refused before any heartbeat, in Ironic’s words', () => {
    const error = thrown(() => agentEndpoint(node()));
    expect(error).toBeInstanceOf(AgentUnreachable);
    expect(error.message).toBe('Connection to agent failed: Agent driver requires agent_url in driver_internal_info');
  });
});
