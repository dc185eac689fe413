/**
 * The simulated agent over real HTTP: systems boot it from virtual media or the network, it
 * looks its node up and heartbeats at a stand-in for Ironic's ramdisk API (the other system,
 * played by a small Fastify server here, which also serves the images), and it answers IPA's
 * command API on the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { AGENT_VERSION } from './ipa.js';
import { systemMacs } from './ramdisk.js';
import { BmcSim } from './server.js';

const BASIC = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const nodeUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const tokenOf = (uuid: string) => `token-${uuid}`;

/** What the stand-in for Ironic saw, and how it answers look-ups. */
interface IronicLog {
  lookups: { addresses: string; version: string | undefined }[];
  heartbeats: { uuid: string; body: Record<string, unknown>; version: string | undefined; at: number }[];
  /** The status of the n-th look-up of a system's MACs (1-based); 200 answers with its node. */
  lookupStatus: (system: number, n: number) => number;
}

let ironic: FastifyInstance;
let ironicUrl: string;
let log: IronicLog;
let sim: BmcSim;
const images = new Map<string, Buffer>();

beforeAll(async () => {
  log = { lookups: [], heartbeats: [], lookupStatus: () => 200 };
  ironic = Fastify();
  ironic.get('/', async () => ({ default_version: { id: 'v1', version: '1.99' } }));
  ironic.get<{ Querystring: { addresses: string } }>('/v1/lookup', async (request, reply) => {
    const { addresses } = request.query;
    log.lookups.push({ addresses, version: request.headers['x-openstack-ironic-api-version'] as string | undefined });
    const system = systemFor(addresses);
    const status = log.lookupStatus(system, log.lookups.filter((item) => systemFor(item.addresses) === system).length);
    if (status !== 200) return reply.code(status).send({ error_message: JSON.stringify({ faultstring: 'Resource could not be found.' }) });
    return { node: { uuid: nodeUuid(system), properties: {} }, config: { heartbeat_timeout: 300, agent_token: tokenOf(nodeUuid(system)), agent_token_required: true } };
  });
  ironic.post<{ Params: { uuid: string }; Body: Record<string, unknown> }>('/v1/heartbeat/:uuid', async (request, reply) => {
    log.heartbeats.push({ uuid: request.params.uuid, body: request.body, version: request.headers['x-openstack-ironic-api-version'] as string | undefined, at: Date.now() });
    return reply.code(202).send();
  });
  ironic.get<{ Params: { name: string } }>('/images/:name', async (request, reply) => {
    const image = images.get(request.params.name);
    return image ? reply.type('application/octet-stream').send(image) : reply.code(404).send('no such image');
  });
  ironicUrl = await ironic.listen({ host: '127.0.0.1', port: 0 });
  sim = await BmcSim.start({ port: 0, systems: 30, agent: { ironicUrl, bootMs: 20, lookupIntervalMs: 20, heartbeatMs: 150 } });
});

afterAll(async () => {
  await sim.close();
  await ironic.close();
});

function systemFor(addresses: string): number {
  for (let n = 1; n <= 30; n++) if (addresses === systemMacs(n).join(',')) return n;
  return 0;
}

async function json(path: string, init: RequestInit & { auth?: boolean } = {}) {
  const headers: Record<string, string> = { ...(init.auth === false ? {} : { Authorization: BASIC }), ...(init.body ? { 'Content-Type': 'application/json' } : {}) };
  const response = await fetch(`${sim.url}${path}`, { ...init, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const post = (path: string, body?: unknown) => json(path, { method: 'POST', body: body === undefined ? undefined : JSON.stringify(body) });
const patch = (path: string, body: unknown) => json(path, { method: 'PATCH', body: JSON.stringify(body) });
const control = (path: string, method = 'GET', body?: unknown) => json(`/control${path}`, { method, auth: false, body: body === undefined ? undefined : JSON.stringify(body) });
const media = (n: number) => `/bmc/${n}/redfish/v1/Managers/${n}/VirtualMedia/Cd`;
const reset = (n: number, ResetType: string) => post(`/bmc/${n}/redfish/v1/Systems/${n}/Actions/ComputerSystem.Reset`, { ResetType });
const setBoot = (n: number, target: string, enabled = 'Once') => patch(`/bmc/${n}/redfish/v1/Systems/${n}`, { Boot: { BootSourceOverrideTarget: target, BootSourceOverrideEnabled: enabled } });

/** A call to system n's agent; `token` true sends the token Ironic handed out. */
function agent(n: number, path: string, options: { method?: string; body?: unknown; token?: string | boolean; wait?: boolean } = {}) {
  const query = new URLSearchParams();
  if (options.token) query.set('agent_token', options.token === true ? tokenOf(nodeUuid(n)) : options.token);
  if (options.wait !== undefined) query.set('wait', String(options.wait));
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  return json(`/agent/${n}/v1${path}?${query}`, { method: options.method ?? 'GET', auth: false, body });
}

const command = (n: number, name: string, params: Record<string, unknown>, wait = false) => agent(n, '/commands/', { method: 'POST', body: { name, params }, token: true, wait });

async function waitFor<T>(probe: () => Promise<T> | T, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Boots system n's agent from an inserted virtual CD and waits until it serves. */
async function bootFromCd(n: number) {
  expect((await post(`${media(n)}/Actions/VirtualMedia.InsertMedia`, { Image: `http://images.test/deploy-${n}.iso` })).status).toBe(204);
  expect((await setBoot(n, 'Cd')).status).toBe(204);
  expect((await reset(n, 'On')).status).toBe(204);
  const view = await waitFor(() => control(`/bmc/${n}/agent`), (answer) => answer.body.running === true);
  expect(view.body).toMatchObject({ running: true, nodeUuid: nodeUuid(n), token: true, bootedFrom: 'cd' });
}

/** Waits for an asynchronous command to finish and answers its result. */
const finished = (n: number, id: string, ms = 5000) =>
  waitFor(() => agent(n, `/commands/${id}`, { token: true }), (answer) => answer.body.command_status !== 'RUNNING', ms).then((answer) => answer.body);

/** Serves `bytes` as image `name`, answering its URL and digests. */
function serveImage(name: string, bytes: Buffer) {
  images.set(name, bytes);
  const digest = (algo: string) => createHash(algo).update(bytes).digest('hex');
  return { url: `${ironicUrl}/images/${name}`, sha256: digest('sha256'), sha512: digest('sha512'), md5: digest('md5') };
}

const writeImage = (n: number, imageInfo: Record<string, unknown>, configdrive?: unknown) =>
  command(n, 'deploy.execute_deploy_step', { step: { interface: 'deploy', step: 'write_image', args: { image_info: imageInfo, configdrive } }, node: { uuid: nodeUuid(n), properties: {} }, ports: [] });

async function refused(n: number, path = '/status'): Promise<boolean> {
  try {
    await fetch(`${sim.url}/agent/${n}/v1${path}`);
    return false;
  } catch {
    return true;
  }
}

describe('the simulated agent comes up', () => {
  it('from an inserted virtual CD: it looks its node up by both MACs and heartbeats with its token and callback URL, as IPA does', async () => {
    await bootFromCd(1);
    const heartbeats = await waitFor(() => log.heartbeats.filter((beat) => beat.uuid === nodeUuid(1)), (beats) => beats.length >= 2);
    expect(log.lookups.find((lookup) => lookup.addresses === systemMacs(1).join(','))).toEqual({ addresses: systemMacs(1).join(','), version: '1.62' });
    expect(heartbeats[0]).toMatchObject({ version: '1.68', body: { callback_url: `${sim.url}/agent/1`, agent_token: tokenOf(nodeUuid(1)), agent_version: AGENT_VERSION } });
    // The one-time CD override is used up by that boot.
    expect((await json('/bmc/1/redfish/v1/Systems/1')).body.Boot).toMatchObject({ BootSourceOverrideTarget: 'Cd', BootSourceOverrideEnabled: 'Disabled' });
    expect((await agent(1, '/status')).body).toEqual({ started_at: expect.any(Number), version: AGENT_VERSION });
    expect((await control('/bmc/1/agent')).body).toMatchObject({ ironicApiVersion: '1.99', lastLookup: { status: 200, attempts: 1 }, lastHeartbeat: { status: 202 } });
  });

  it('looks up again while Ironic answers 404 or 409, backing off, then goes on', async () => {
    log.lookupStatus = (system, n) => (system === 2 && n === 1 ? 404 : system === 2 && n === 2 ? 409 : 200);
    await bootFromCd(2);
    expect(log.lookups.filter((lookup) => systemFor(lookup.addresses) === 2)).toHaveLength(3);
    log.lookupStatus = () => 200;
  });

  it('gives the look-up up after its timeout', async () => {
    const quick = await BmcSim.start({ port: 0, systems: 30, agent: { ironicUrl, bootMs: 0, lookupIntervalMs: 20, lookupTimeoutMs: 200 } });
    try {
      log.lookupStatus = (system) => (system === 29 ? 404 : 200);
      quick.control(29, { bootSourceOverrideTarget: 'Pxe', bootSourceOverrideEnabled: 'Once' });
      await fetch(`${quick.url}/bmc/29/redfish/v1/Systems/29/Actions/ComputerSystem.Reset`, { method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: '{"ResetType":"On"}' });
      const view = await waitFor(async () => (await fetch(`${quick.url}/control/bmc/29/agent`)).json() as Promise<Record<string, unknown>>, (body) => body.phase === 'stopped', 3000);
      expect(view).toMatchObject({ running: false, stopReason: expect.stringMatching(/^look-up gave up after \d+ attempts$/), lastLookup: { status: 404, error: 'Error 404: Resource could not be found.' } });
    } finally {
      log.lookupStatus = () => 200;
      await quick.close();
    }
  });

  it('from the network when the override says Pxe; a boot with nothing to boot starts nothing', async () => {
    await setBoot(3, 'Pxe');
    await reset(3, 'On');
    expect((await waitFor(() => control('/bmc/3/agent'), (answer) => answer.body.running)).body).toMatchObject({ running: true, bootedFrom: 'network' });
    // The override was used up: a restart boots the blank disk, which runs nothing.
    await reset(3, 'ForceRestart');
    expect((await control('/bmc/3')).body.running).toEqual({ source: 'none' });
    expect((await control('/bmc/3/agent')).body).toMatchObject({ running: false, stopReason: 'restarted' });
    expect(await refused(3)).toBe(true);
  });

  it('only when the power change applies, and a power-off kills it', async () => {
    await control('/bmc/4', 'PUT', { powerDelayMs: 400 });
    await setBoot(4, 'Pxe');
    await reset(4, 'On');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.lookups.some((lookup) => systemFor(lookup.addresses) === 4)).toBe(false);
    await waitFor(() => control('/bmc/4/agent'), (answer) => answer.body.running);
    expect(log.lookups.some((lookup) => systemFor(lookup.addresses) === 4)).toBe(true);
    await control('/bmc/4', 'PUT', { powerDelayMs: 0 });
    await reset(4, 'ForceOff');
    expect((await control('/bmc/4/agent')).body).toMatchObject({ running: false, stopReason: 'powered off' });
    const beats = log.heartbeats.filter((beat) => beat.uuid === nodeUuid(4)).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(log.heartbeats.filter((beat) => beat.uuid === nodeUuid(4)).length).toBe(beats);
    expect(await refused(4)).toBe(true);
  });

  it('never, without an Ironic URL', async () => {
    const plain = await BmcSim.start({ port: 0, systems: 2 });
    try {
      const lookups = log.lookups.length;
      plain.control(1, { bootSourceOverrideTarget: 'Pxe', bootSourceOverrideEnabled: 'Once' });
      await fetch(`${plain.url}/bmc/1/redfish/v1/Systems/1/Actions/ComputerSystem.Reset`, { method: 'POST', headers: { Authorization: BASIC, 'Content-Type': 'application/json' }, body: '{"ResetType":"On"}' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(log.lookups.length).toBe(lookups);
      expect(await (await fetch(`${plain.url}/control/bmc/1/agent`)).json()).toMatchObject({ ironicUrl: null, phase: null, running: false });
      await expect(fetch(`${plain.url}/agent/1/v1/status`)).rejects.toThrow();
    } finally {
      await plain.close();
    }
  });
});

describe('the command API', () => {
  beforeAll(async () => {
    await bootFromCd(5);
  });

  it('checks the agent token as IPA does', async () => {
    for (const token of [undefined, 'not-the-token']) {
      const answer = await agent(5, '/commands/', { token });
      expect(answer).toEqual({ status: 401, body: { faultcode: 'Client', faultstring: '401 Unauthorized: Token invalid.' } });
    }
    expect((await command(5, 'standby.sync', {})).status).toBe(200);
    expect((await agent(5, '/commands/', { method: 'POST', body: { name: 'standby.sync', params: {} } })).status).toBe(401);
    expect((await agent(5, '/commands/', { token: true })).body).toEqual({ commands: [expect.objectContaining({ command_name: 'sync', command_status: 'SUCCEEDED' })] });
  });

  it('answers IPA’s errors for unknown commands, extensions and bad bodies', async () => {
    expect(await command(5, 'clean.frobnicate', {})).toEqual({ status: 400, body: { faultcode: 'Client', faultstring: 'Invalid command: Unknown command: frobnicate' } });
    expect(await command(5, 'nope.sync', {})).toEqual({ status: 404, body: { faultcode: 'Client', faultstring: 'Not found: Extension with id nope not found.' } });
    expect((await command(5, 'sync', {})).body.faultstring).toBe('Invalid command: Command name must be of the form <extension>.<name>');
    expect((await agent(5, '/commands/', { method: 'POST', body: { name: 'standby.sync' }, token: true })).body.faultstring).toBe('400 Bad Request: Missing or invalid name or params');
    expect((await agent(5, '/commands/', { method: 'POST', body: '{"name": ', token: true })).status).toBe(400);
    expect((await agent(5, '/commands/nope', { token: true })).body.faultstring).toBe('Not found: Command Result with id nope not found.');
  });

  it('offers the generic hardware manager’s clean and deploy steps', async () => {
    const clean = await command(5, 'clean.get_clean_steps', { node: { uuid: nodeUuid(5) }, ports: [] }, true);
    expect(clean.body).toMatchObject({ command_name: 'get_clean_steps', command_status: 'SUCCEEDED', command_error: null, command_result: { hardware_manager_version: { generic_hardware_manager: '1.2' } } });
    const steps = clean.body.command_result.clean_steps.GenericHardwareManager as { step: string; priority: number }[];
    expect(steps).toEqual(expect.arrayContaining([
      expect.objectContaining({ step: 'erase_devices', priority: 10, interface: 'deploy', abortable: true }),
      expect.objectContaining({ step: 'erase_devices_metadata', priority: 99 }),
      expect.objectContaining({ step: 'erase_devices_express', priority: 0 }),
    ]));
    const deploy = await command(5, 'deploy.get_deploy_steps', { node: { uuid: nodeUuid(5) }, ports: [] }, true);
    expect(deploy.body.command_result.deploy_steps.GenericHardwareManager).toEqual(expect.arrayContaining([expect.objectContaining({ step: 'write_image', priority: 0 })]));
  });

  it('fails a command called with parameters it does not take, under its full name', async () => {
    const answer = await command(5, 'standby.get_partition_uuids', { color: 'red' });
    expect(answer.body).toMatchObject({ command_name: 'standby.get_partition_uuids', command_status: 'FAILED', command_error: { type: 'CommandExecutionError', details: "get_partition_uuids() got an unexpected keyword argument 'color'" } });
  });

  it('collects a log archive', async () => {
    const answer = await command(5, 'log.collect_system_logs', {}, true);
    const archive = gunzipSync(Buffer.from(answer.body.command_result.system_logs, 'base64'));
    expect(archive.subarray(0, 7).toString()).toBe('journal');
    expect(archive.subarray(257, 262).toString()).toBe('ustar');
  });
});

describe('writing an image', () => {
  const bytes = randomBytes(300_000);
  let image: ReturnType<typeof serveImage>;
  beforeAll(async () => {
    image = serveImage('cirros.raw', bytes);
    await bootFromCd(6);
  });

  it('verifies it against its checksum and writes it to the install disk, with the config drive', async () => {
    // A long heartbeat interval: the beat that follows the command is the one it forces.
    await control('/bmc/6/agent', 'PUT', { heartbeatMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const beats = log.heartbeats.filter((beat) => beat.uuid === nodeUuid(6)).length;
    const configdrive = gzipSync(Buffer.from('a config drive ISO')).toString('base64');
    const started = await writeImage(6, { id: 'img-1', urls: [image.url], os_hash_algo: 'sha256', os_hash_value: image.sha256, disk_format: 'raw' }, configdrive);
    expect(started.body).toMatchObject({ command_name: 'execute_deploy_step', command_status: 'RUNNING' });
    const done = await finished(6, started.body.id);
    expect(done).toMatchObject({
      command_status: 'SUCCEEDED',
      command_result: { deploy_result: { result: expect.stringMatching(/^prepare_image: image \(img-1\) written to device \/dev\/sdb root_uuid=0x[0-9a-f]{8}$/) }, deploy_step: { step: 'write_image' } },
    });
    await waitFor(() => log.heartbeats.filter((beat) => beat.uuid === nodeUuid(6)).length, (count) => count > beats, 2000);
    expect(log.heartbeats.filter((beat) => beat.uuid === nodeUuid(6)).length).toBeGreaterThan(beats);
    const disk = (await control('/bmc/6/disk')).body;
    expect(disk).toMatchObject({
      metadataErased: false,
      image: { imageId: 'img-1', url: image.url, bytes: bytes.length, sha256: image.sha256, verified: { algo: 'sha256', value: image.sha256 }, configdrive: { source: 'inline', bytes: configdrive.length, sha256: createHash('sha256').update(configdrive).digest('hex') } },
    });
    expect((await command(6, 'standby.get_partition_uuids', {}, true)).body.command_result).toEqual({ 'root uuid': `0x${image.sha256.slice(0, 8)}` });
    expect((await command(6, 'image.install_bootloader', { root_uuid: null, target_boot_mode: 'uefi', efi_system_part_uuid: null }, true)).body.command_status).toBe('SUCCEEDED');
    expect((await control('/bmc/6/disk')).body.image.bootloader).toMatchObject({ target_boot_mode: 'uefi' });
    await control('/bmc/6/agent', 'PUT', { heartbeatMs: null });
  });

  it('shows the commands it ran in the control API', async () => {
    const view = (await control('/bmc/6/agent')).body;
    expect(view.commands[0]).toMatchObject({ name: 'deploy.execute_deploy_step', status: 'SUCCEEDED', params: { step: { step: 'write_image' } } });
  });

  it('boots the instance from the disk once the CD is ejected and the override points at it', async () => {
    expect((await post(`${media(6)}/Actions/VirtualMedia.EjectMedia`)).status).toBe(204);
    await setBoot(6, 'Hdd', 'Continuous');
    await reset(6, 'ForceRestart');
    expect((await control('/bmc/6')).body.running).toEqual({ source: 'disk', imageId: 'img-1', sha256: image.sha256 });
    expect(await refused(6)).toBe(true);
  });

  it('fails with IPA’s checksum error when the image does not match: a sha256 as `checksum` is taken for an md5', async () => {
    await bootFromCd(7);
    const wrong = image.sha256;
    const started = await writeImage(7, { id: 'img-2', urls: [image.url], checksum: wrong });
    expect(await finished(7, started.body.id)).toMatchObject({
      command_status: 'FAILED',
      command_error: {
        type: 'ImageChecksumError',
        code: 500,
        message: 'Error verifying image checksum',
        // IPA 9.4.3's own order: the image ID after `location`, the file after `image ID`.
        details: `Image failed to verify against checksum. location: img-2; image ID: /tmp/img-2; image checksum: ${wrong}; verification checksum: ${image.md5}`,
      },
    });
    expect((await control('/bmc/7/disk')).body).toEqual({ image: null, metadataErased: false });
  });

  it('takes an md5 `checksum`, an md5 checksum file, or a sha512 os_hash', async () => {
    images.set('cirros.raw.md5sum', Buffer.from(`# digests\n${image.md5}  cirros.raw\n${'0'.repeat(32)}  other.raw\n`));
    for (const [imageInfo, algo] of [
      [{ checksum: image.md5 }, 'md5'],
      [{ checksum: `${ironicUrl}/images/cirros.raw.md5sum` }, 'md5'],
      [{ os_hash_algo: 'sha512', os_hash_value: image.sha512 }, 'sha512'],
    ] as const) {
      const started = await writeImage(7, { id: 'img-3', urls: [image.url], ...imageInfo });
      expect((await finished(7, started.body.id)).command_status).toBe('SUCCEEDED');
      expect((await control('/bmc/7/disk')).body.image.verified.algo).toBe(algo);
    }
    expect((await control('/bmc/7/disk')).body.image).not.toHaveProperty('md5');
    const sha512AsChecksum = await writeImage(7, { id: 'img-3', urls: [image.url], checksum: image.sha512 });
    expect((await finished(7, sha512AsChecksum.body.id)).command_error).toMatchObject({ type: 'ImageChecksumError', details: expect.stringContaining(`verification checksum: ${image.md5}`) });
  });

  it('fails a config drive given as JSON as IPA does, after writing a whole-disk image: only a gzipped, base64 ISO or a URL will do', async () => {
    const started = await writeImage(7, { id: 'img-5', urls: [image.url], node_uuid: nodeUuid(7), os_hash_algo: 'sha256', os_hash_value: image.sha256 }, { meta_data: {} });
    expect((await finished(7, started.body.id)).command_error).toMatchObject({
      type: 'CommandExecutionError',
      details: `Config drive for node ${nodeUuid(7)} is not base64 encoded or the content is malformed. TypeError: argument should be a bytes-like object or ASCII string, not 'dict'.`,
    });
    expect((await control('/bmc/7/disk')).body.image).toMatchObject({ imageId: 'img-5', configdrive: null });
    const notGzipped = await writeImage(7, { id: 'img-6', urls: [image.url], node_uuid: nodeUuid(7), os_hash_algo: 'sha256', os_hash_value: image.sha256 }, Buffer.from('hello').toString('base64'));
    expect((await finished(7, notGzipped.body.id)).command_error).toMatchObject({
      type: 'CommandExecutionError',
      details: `Encountered error while decompressing and writing config drive for node ${nodeUuid(7)}. Error: Not a gzipped file (b'he')`,
    });
  });

  it('fails a download Ironic’s image server refuses, and an image_info without a checksum', async () => {
    const missing = await writeImage(7, { id: 'gone', urls: [`${ironicUrl}/images/gone.raw`], os_hash_algo: 'sha256', os_hash_value: image.sha256 });
    expect((await finished(7, missing.body.id)).command_error).toMatchObject({ type: 'ImageDownloadError', details: expect.stringMatching(/^Download of image gone failed: URL: \S+\/images\/gone.raw; time: [\d.]+ seconds. Error: Received status code 404 from /) });
    const unverifiable = await writeImage(7, { id: 'img-4', urls: [image.url] });
    expect((await finished(7, unverifiable.body.id)).command_error).toMatchObject({ type: 'InvalidCommandParamsError', code: 400 });
  });
});

describe('the disk and its faults', () => {
  const bytes = randomBytes(200_000);
  let image: ReturnType<typeof serveImage>;
  beforeAll(() => {
    image = serveImage('fault.raw', bytes);
  });
  const info = (id: string) => ({ id, urls: [image.url], os_hash_algo: 'sha256', os_hash_value: image.sha256, disk_format: 'raw', stream_raw_images: true });

  it('a slow disk takes bytes / rate seconds, and the agent is busy meanwhile', async () => {
    await bootFromCd(8);
    await control('/bmc/8/agent', 'PUT', { diskBytesPerSecond: 400_000 });
    const started = Date.now();
    const write = await writeImage(8, info('slow'));
    expect(await command(8, 'standby.sync', {})).toEqual({ status: 409, body: { faultcode: 'Client', faultstring: 'Agent is busy: executing command execute_deploy_step' } });
    expect((await finished(8, write.body.id)).command_status).toBe('SUCCEEDED');
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('erase steps wipe the metadata (the disk no longer boots), then the whole disk', async () => {
    const node = { uuid: nodeUuid(8) };
    const metadata = await command(8, 'clean.execute_clean_step', { step: { step: 'erase_devices_metadata', priority: 99, interface: 'deploy' }, node, ports: [], clean_version: { generic_hardware_manager: '1.2' } });
    expect(await finished(8, metadata.body.id)).toMatchObject({ command_status: 'SUCCEEDED', command_result: { clean_result: null, clean_step: { step: 'erase_devices_metadata' } } });
    expect((await control('/bmc/8/disk')).body).toMatchObject({ metadataErased: true, image: { imageId: 'slow' } });
    const full = await command(8, 'clean.execute_clean_step', { step: { step: 'erase_devices', priority: 10, interface: 'deploy' }, node, ports: [] });
    expect((await finished(8, full.body.id)).command_result).toEqual({ clean_result: { '/dev/sda': null, '/dev/sdb': null }, clean_step: { step: 'erase_devices', priority: 10, interface: 'deploy' } });
    expect((await control('/bmc/8/disk')).body).toEqual({ image: null, metadataErased: false });
    const stale = await command(8, 'clean.execute_clean_step', { step: { step: 'erase_devices' }, node, ports: [], clean_version: { generic_hardware_manager: '1.0' } });
    expect(await finished(8, stale.body.id)).toMatchObject({ command_status: 'CLEAN_VERSION_MISMATCH', command_error: { type: 'VersionMismatch', code: 409 } });
    const unknown = await command(8, 'clean.execute_clean_step', { step: { step: 'polish_chrome' }, node, ports: [] });
    expect((await finished(8, unknown.body.id)).command_error).toMatchObject({ type: 'HardwareManagerMethodNotFound', details: 'Could not find method: polish_chrome' });
  });

  it('standby.power_off powers the system off', async () => {
    const answer = await command(8, 'standby.power_off', {});
    expect(answer.body).toMatchObject({ command_name: 'power_off', command_status: 'RUNNING' });
    await waitFor(() => control('/bmc/8'), (view) => view.body.powerState === 'Off');
    expect((await json('/bmc/8/redfish/v1/Systems/8')).body.PowerState).toBe('Off');
    expect((await control('/bmc/8/agent')).body).toMatchObject({ running: false, stopReason: 'powered off' });
    expect(await refused(8)).toBe(true);
  });

  it('never-boots: the ramdisk never comes up', async () => {
    await control('/bmc/9/agent', 'PUT', { fault: 'never-boots' });
    await setBoot(9, 'Pxe');
    await reset(9, 'On');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.lookups.some((lookup) => systemFor(lookup.addresses) === 9)).toBe(false);
    expect((await control('/bmc/9/agent')).body).toMatchObject({ fault: 'never-boots', running: false, phase: 'stopped', stopReason: expect.stringContaining('never-boots') });
    expect(await refused(9)).toBe(true);
  });

  it('external: a boot is recorded for the real agent a test runs, no simulated one starts, and a power-off ends it', async () => {
    await control('/bmc/27/agent', 'PUT', { external: true });
    await setBoot(27, 'Pxe');
    await reset(27, 'On');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(log.lookups.some((lookup) => systemFor(lookup.addresses) === 27)).toBe(false);
    expect((await control('/bmc/27/agent')).body).toMatchObject({ external: true, phase: 'external', running: false, bootedFrom: 'network', bootedAt: expect.any(String) });
    expect(await refused(27)).toBe(true);
    await reset(27, 'ForceOff');
    expect((await waitFor(() => control('/bmc/27/agent'), (answer) => answer.body.phase === 'stopped')).body).toMatchObject({ phase: 'stopped', stopReason: 'powered off' });
  });

  it('dies-mid-write: the agent dies half way, stops heartbeating and refuses connections; a streamed image is left half written', async () => {
    await control('/bmc/10/agent', 'PUT', { fault: 'dies-mid-write', diskBytesPerSecond: 1_000_000 });
    await bootFromCd(10);
    const write = await writeImage(10, info('doomed'));
    expect(write.body.command_status).toBe('RUNNING');
    const view = await waitFor(() => control('/bmc/10/agent'), (answer) => !answer.body.running);
    expect(view.body).toMatchObject({ running: false, stopReason: expect.stringContaining('dies-mid-write'), commands: [expect.objectContaining({ status: 'RUNNING' })] });
    const beats = log.heartbeats.filter((beat) => beat.uuid === nodeUuid(10)).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(log.heartbeats.filter((beat) => beat.uuid === nodeUuid(10)).length).toBe(beats);
    expect(await refused(10)).toBe(true);
    const disk = (await control('/bmc/10/disk')).body;
    expect(disk).toMatchObject({ image: null, partialWrite: { imageId: 'doomed' } });
    expect(disk.partialWrite.bytes).toBeGreaterThanOrEqual(bytes.length / 2);
    expect(disk.partialWrite.bytes).toBeLessThan(bytes.length);
  });

  it('corrupt-write: the written bytes do not match, and the command fails with the checksum error', async () => {
    await control('/bmc/11/agent', 'PUT', { fault: 'corrupt-write' });
    await bootFromCd(11);
    const write = await writeImage(11, info('corrupt'));
    const done = await finished(11, write.body.id);
    expect(done.command_error).toMatchObject({ type: 'ImageChecksumError', details: expect.stringContaining(`location: corrupt; image ID: /dev/sdb; image checksum: ${image.sha256}; verification checksum: `) });
    expect(done.command_error.details).not.toMatch(new RegExp(`verification checksum: ${image.sha256}$`));
  });
});

describe('rescue', () => {
  it('finalize_rescue records the password hash; the agent then stops serving and heartbeating', async () => {
    await bootFromCd(12);
    const answer = await command(12, 'rescue.finalize_rescue', { rescue_password: '$6$salt$hash', hashed: true });
    expect(answer.body).toMatchObject({ command_name: 'finalize_rescue', command_status: 'SUCCEEDED', command_result: null });
    expect((await control('/bmc/12/agent')).body).toMatchObject({
      running: false,
      stopReason: 'rescue finalized',
      rescue: { hashed: true, passwordHash: '$6$salt$hash' },
      commands: [expect.objectContaining({ name: 'rescue.finalize_rescue', params: { rescue_password: '***', hashed: true } })],
    });
    const beats = log.heartbeats.filter((beat) => beat.uuid === nodeUuid(12)).length;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(log.heartbeats.filter((beat) => beat.uuid === nodeUuid(12)).length).toBe(beats);
    expect(await refused(12)).toBe(true);
  });
});

describe('the agent control API', () => {
  it('refuses unknown fields and bad values, naming the field', async () => {
    expect(await control('/bmc/13/agent', 'PUT', { fault: 'sometimes' })).toEqual({ status: 400, body: { error: expect.stringMatching(/^"fault" must be one of/) } });
    expect((await control('/bmc/13/agent', 'PUT', { diskBytesPerSecond: 0 })).body.error).toMatch(/^"diskBytesPerSecond" must be/);
    expect((await control('/bmc/13/agent', 'PUT', { colour: 'red' })).body.error).toMatch(/^unknown field "colour"/);
    expect((await control('/bmc/99/agent')).status).toBe(404);
    expect((await control('/bmc/99/disk')).status).toBe(404);
  });

  it('sets a range of the fleet', async () => {
    expect((await control('/fleet/agent', 'POST', { from: 20, to: 40, fault: 'corrupt-write', bootMs: 5 })).body).toEqual({ updated: 11 });
    expect((await control('/bmc/25/agent')).body).toMatchObject({ fault: 'corrupt-write', bootMs: 5, diskBytesPerSecond: null, heartbeatMs: null });
    expect((await control('/fleet/agent', 'POST', { from: 0 })).status).toBe(400);
  });
});
