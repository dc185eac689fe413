/**
 * The agent client against the simulator's ironic-python-agent over real HTTP. A system boots
 * the agent from the network, the agent looks its node up and heartbeats at a small stand-in
 * for Ironic's ramdisk API (played by an HTTP server here, which also serves an image), and the
 * client drives the command API the heartbeat named.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type JsonObject, type Node } from '@ironledger/domain';
import { BmcSim, systemMacs } from '@ironledger/bmc-sim';
import { redfishPower, type ClosablePowerDriver } from '../redfish/power.js';
import { redfishNode } from '../redfish/test-node.js';
import { AgentBusy, AgentClient, AgentCommandFailed, type AgentCommand, type AgentEndpoint, AgentUnreachable } from './client.js';

const SYSTEMS = 8;
const tokenOf = (uuid: string) => `token-of-${uuid}-with-32-characters-or-more`;
const image = randomBytes(300_000);
const imageSha256 = createHash('sha256').update(image).digest('hex');

/** The stand-in for Ironic: look-ups answer the node of the system whose MACs they name; heartbeats record where the agent listens. */
let ironic: Server;
let ironicUrl: string;
const callbacks = new Map<string, string>();
let sim: BmcSim;
let power: ClosablePowerDriver;
const client = new AgentClient({ requestTimeoutMs: 5000 });
/** The server that never answers: its sockets, and the request lines it got. */
const hanging = new Set<Socket>();
const unanswered: string[] = [];
let silent: TcpServer;

beforeAll(async () => {
  ironic = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://ironic');
    const send = (status: number, body?: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body));
    if (url.pathname === '/') return send(200, { default_version: { id: 'v1', version: '1.99' } });
    if (url.pathname === '/v1/lookup') {
      const system = Array.from({ length: SYSTEMS }, (_, i) => i + 1).find((n) => systemMacs(n).join(',') === url.searchParams.get('addresses'));
      if (!system) return send(404, { error_message: JSON.stringify({ faultstring: 'Node could not be found.' }) });
      const uuid = nodeOf(system).uuid;
      return send(200, { node: { uuid }, config: { heartbeat_timeout: 300, agent_token: tokenOf(uuid) } });
    }
    const heartbeat = /^\/v1\/heartbeat\/([^/]+)$/.exec(url.pathname);
    if (heartbeat && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        callbacks.set(heartbeat[1]!, (JSON.parse(body) as { callback_url: string }).callback_url);
        send(202);
      });
      return;
    }
    if (url.pathname === '/images/disk.raw') return void response.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(image);
    send(404, {});
  });
  await new Promise<void>((resolve) => ironic.listen(0, '127.0.0.1', resolve));
  ironicUrl = `http://127.0.0.1:${(ironic.address() as { port: number }).port}`;
  sim = await BmcSim.start({ port: 0, systems: SYSTEMS, agent: { ironicUrl, bootMs: 10, lookupIntervalMs: 20, heartbeatMs: 100 } });
  power = redfishPower({ pollIntervalMs: 20, powerTimeoutSeconds: 5, requestTimeoutMs: 2000 });
  silent = createTcpServer((socket) => {
    hanging.add(socket);
    socket.once('data', (data: Buffer) => unanswered.push(data.toString('latin1').split('\r\n', 1)[0]!));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  for (const socket of hanging) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await power.close();
  await sim.close();
  await new Promise((resolve) => ironic.close(resolve));
});

function nodeOf(n: number, fields: Partial<Node> = {}): Node {
  return { ...redfishNode(n, { redfish_address: sim.bmcUrl(n), redfish_username: 'admin', redfish_password: 'password', redfish_auth_type: 'basic' }), ...fields };
}

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Boots system n's agent from the network and waits for its first heartbeat: where it listens. */
async function bootAgent(n: number): Promise<AgentEndpoint> {
  const node = nodeOf(n);
  callbacks.delete(node.uuid);
  sim.control(n, { reset: true, powerState: 'Off', bootSourceOverrideTarget: 'Pxe', bootSourceOverrideEnabled: 'Once' });
  await power.setPowerState(node, 'power on');
  const url = await until(() => callbacks.get(node.uuid), `the agent of system ${n} to heartbeat`);
  return { url, token: tokenOf(node.uuid), nodeUuid: node.uuid };
}

async function control(path: string, method = 'GET', body?: unknown): Promise<JsonObject> {
  const response = await fetch(`${sim.url}/control${path}`, { method, headers: body ? { 'Content-Type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  return (await response.json()) as JsonObject;
}

/** The agent's finished command named `name`, once the commands status shows it done. */
const finished = (agent: AgentEndpoint, name: string): Promise<AgentCommand> =>
  until(async () => (await client.commandsStatus(agent)).find((command) => command.command_name === name && command.command_status !== 'RUNNING'), `${name} to finish`);

async function failure(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as Error,
  );
}

describe('steps', () => {
  it('reads the clean and deploy steps the agent offers, with its hardware managers’ versions', async () => {
    const agent = await bootAgent(1);
    const node = nodeOf(1);
    const offer = await client.stepsOffered(agent, node, node.ports, 'clean');
    expect(offer.hardwareManagerVersion).toEqual({ generic_hardware_manager: '1.2' });
    expect(offer.steps).toContainEqual(expect.objectContaining({ interface: 'deploy', step: 'erase_devices_metadata', priority: 99, args: {}, abortable: true }));
    expect((await client.getDeploySteps(agent, node, node.ports)).map((step) => step.step)).toContain('write_image');
    expect((await client.getCleanSteps(agent, node, node.ports)).length).toBe(offer.steps.length);
  });

  it('runs a clean step the agent answers for at once, and reports it done in the commands status', async () => {
    const agent = await bootAgent(2);
    const node = nodeOf(2);
    const { steps, hardwareManagerVersion } = await client.stepsOffered(agent, node, node.ports, 'clean');
    const step = steps.find((offered) => offered.step === 'erase_devices_metadata')!;
    const started = await client.executeCleanStep(agent, node, node.ports, step, hardwareManagerVersion);
    expect(started).toMatchObject({ command_name: 'execute_clean_step', command_status: 'RUNNING' });
    const done = await finished(agent, 'execute_clean_step');
    expect(done).toMatchObject({ id: started.id, command_status: 'SUCCEEDED', command_result: { clean_step: { step: 'erase_devices_metadata', interface: 'deploy' } } });
    expect(await control('/bmc/2/disk')).toMatchObject({ metadataErased: true });
  });

  it('sees a step refused by an agent of other hardware manager versions', async () => {
    const agent = await bootAgent(3);
    const node = nodeOf(3);
    const step = { interface: 'deploy', step: 'erase_devices_metadata', priority: 99, args: {} };
    await client.executeCleanStep(agent, node, node.ports, step, { generic_hardware_manager: '0.9' });
    const done = await finished(agent, 'execute_clean_step');
    expect(done.command_status).toBe('CLEAN_VERSION_MISMATCH');
  });

  it('writes an image in a deploy step, is told the agent is busy meanwhile, then reads the partitions', async () => {
    const agent = await bootAgent(4);
    const node = nodeOf(4, { instance_info: { image_source: `${ironicUrl}/images/disk.raw`, configdrive: gzipSync(Buffer.alloc(4096)).toString('base64') } });
    await control('/bmc/4/agent', 'PUT', { diskBytesPerSecond: 200_000 });
    const imageInfo = { id: 'disk', urls: [`${ironicUrl}/images/disk.raw`], os_hash_algo: 'sha256', os_hash_value: imageSha256, disk_format: 'raw', stream_raw_images: true };
    const step = { interface: 'deploy', step: 'write_image', priority: 80, args: { image_info: imageInfo, configdrive: node.instance_info.configdrive! } };
    const started = await client.executeDeployStep(agent, node, node.ports, step);
    expect(started).toMatchObject({ command_name: 'execute_deploy_step', command_status: 'RUNNING' });

    const busy = await failure(client.getCleanSteps(agent, node, node.ports));
    expect(busy).toBeInstanceOf(AgentBusy);
    expect(busy.message).toBe(`Node ${node.uuid} command "clean.get_clean_steps" failed. Agent is presently executing a command. Error Agent is busy: executing command execute_deploy_step`);

    const done = await finished(agent, 'execute_deploy_step');
    expect(done).toMatchObject({ command_status: 'SUCCEEDED', command_result: { deploy_step: { step: 'write_image' } } });
    expect(await client.getPartitionUuids(agent)).toEqual({ 'root uuid': `0x${imageSha256.slice(0, 8)}` });
    expect(await control('/bmc/4/disk')).toMatchObject({ image: { imageId: 'disk', sha256: imageSha256 } });
  });
});

describe('the standby, log and rescue commands', () => {
  it('syncs and collects the ramdisk’s logs', async () => {
    const agent = await bootAgent(5);
    expect(await client.sync(agent)).toMatchObject({ command_name: 'sync', command_status: 'SUCCEEDED' });
    const logs = await client.collectSystemLogs(agent);
    expect(gunzipSync(Buffer.from(logs, 'base64')).toString('latin1')).toContain('ironic-python-agent');
  });

  it('finalizes rescue with the hashed password, after which the agent is gone', async () => {
    const agent = await bootAgent(6);
    expect(await client.finalizeRescue(agent, '$6$salt$hash', true)).toMatchObject({ command_name: 'finalize_rescue', command_status: 'SUCCEEDED' });
    expect(await control('/bmc/6/agent')).toMatchObject({ rescue: { hashed: true, passwordHash: '$6$salt$hash' }, running: false });
    const gone = await failure(client.commandsStatus(agent));
    expect(gone).toBeInstanceOf(AgentUnreachable);
    expect(gone.message).toMatch(new RegExp(`^Connection to agent failed: Failed to connect to the agent running on node ${nodeOf(6).uuid} to collect commands status\\. Error: `));
  });

  it('powers the host off from inside the ramdisk; the next command finds no agent', async () => {
    const agent = await bootAgent(7);
    const node = nodeOf(7);
    await client.powerOff(agent);
    expect(await until(async () => ((await power.getPowerState(node)) === 'power off' ? true : undefined), 'the host to power off')).toBe(true);
    const gone = await failure(client.sync(agent));
    expect(gone).toBeInstanceOf(AgentUnreachable);
    expect(gone.message).toMatch(/^Connection to agent failed: Failed to connect to the agent running on node .* for invoking command standby\.sync\. Error: /);
  });
});

describe('refusals and failures', () => {
  it('is refused with the agent’s fault for a wrong token or an unknown command', async () => {
    const agent = await bootAgent(8);
    const wrongToken = await failure(client.sync({ ...agent, token: 'not-the-token' }));
    expect(wrongToken).toBeInstanceOf(AgentCommandFailed);
    expect(wrongToken.message).toBe(`Agent API for node ${agent.nodeUuid} returned HTTP status code 401 with error: 401 Unauthorized: Token invalid.`);
    const unknown = await failure(client.command(agent, 'standby.fly', {}, true));
    expect(unknown).toMatchObject({ status: 400, message: `Agent API for node ${agent.nodeUuid} returned HTTP status code 400 with error: Invalid command: Unknown command: fly` });
  });

  it('is AgentUnreachable where nothing listens', async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(client.sync({ url: `http://127.0.0.1:${port}`, token: 't' }));
    expect(error).toBeInstanceOf(AgentUnreachable);
    expect(error.message).toBe(
      `Connection to agent failed: Failed to connect to the agent running on http://127.0.0.1:${port} for invoking command standby.sync. Error: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('takes the command the agent runs as the answer when only the answer was lost, as Ironic does', async () => {
    // Stands in for an agent that took the command but whose answer never came: it lists it as running.
    const running = { id: 'c-9', command_name: 'execute_clean_step', command_status: 'RUNNING', command_error: null, command_result: null };
    const lossy = createServer((request, response) => {
      if (request.method === 'GET') response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ commands: [running] }));
    });
    await new Promise<void>((resolve) => lossy.listen(0, '127.0.0.1', resolve));
    try {
      const agent = { url: `http://127.0.0.1:${(lossy.address() as { port: number }).port}`, token: 't' };
      const node = nodeOf(1);
      const step = { interface: 'deploy', step: 'erase_devices', priority: 10, args: {} };
      expect(await new AgentClient({ requestTimeoutMs: 200 }).executeCleanStep(agent, node, node.ports, step)).toEqual(running);
    } finally {
      lossy.closeAllConnections();
      await new Promise((resolve) => lossy.close(resolve));
    }
  });

  it('is AgentUnreachable when the agent does not answer in time, after Ironic’s three tries', async () => {
    const quick = new AgentClient({ requestTimeoutMs: 200 });
    const url = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    const error = await failure(quick.command({ url, token: 't', nodeUuid: 'n-1' }, 'standby.sync', {}, true));
    expect(error).toBeInstanceOf(AgentUnreachable);
    expect(error.message).toBe('Connection to agent failed: Failed to connect to the agent running on node n-1 for invoking command standby.sync. Error: no answer within 200 ms');
    // Three commands, each followed by a look at whether the agent runs it after all.
    expect(unanswered).toEqual(Array.from({ length: 3 }, () => ['POST /v1/commands/?wait=true&agent_token=t HTTP/1.1', 'GET /v1/commands/?agent_token=t HTTP/1.1']).flat());
  });
});
