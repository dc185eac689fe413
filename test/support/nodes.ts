/** Nodes in the states end-to-end tests need, through the API (fake hardware), and the store's size. */
import { nodeStreamId } from '@ironledger/contracts';
import { type ApiResponse, type apiClient, type Json } from './api.js';
import { type RunningSystem } from './system.js';

type Call = ReturnType<typeof apiClient>;

/** Enrolls a fake-hardware node with `fields` (a name, a network interface, …); its UUID. */
export async function enroll(call: Call, fields: Json = {}): Promise<string> {
  const created = await call('POST', '/v1/nodes', { body: { driver: 'fake-hardware', ...fields } });
  if (created.status !== 201) throw new Error(`Enrolling failed: ${created.status} ${created.text}`);
  return created.json.uuid as string;
}

/** Polls the node until `done` holds (or fails after `timeoutMs`). */
export async function until(call: Call, uuid: string, done: (node: Json) => boolean, what: string, timeoutMs = 15_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const node = (await call('GET', `/v1/nodes/${uuid}`)).json;
    if (done(node)) return node;
    if (Date.now() > deadline) throw new Error(`Node ${uuid} did not reach ${what}: ${JSON.stringify(node)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for a provision state and waits until the node is at rest in `state`. */
export async function provision(call: Call, uuid: string, target: string, state: string): Promise<void> {
  const accepted = await call('PUT', `/v1/nodes/${uuid}/states/provision`, { body: { target } });
  if (accepted.status !== 202) throw new Error(`${target} refused: ${accepted.status} ${accepted.text}`);
  await until(call, uuid, (node) => node.provision_state === state && node.target_provision_state === null, state);
}

/** Powers the node on or off and waits until it is. */
export async function power(call: Call, uuid: string, target: 'power on' | 'power off'): Promise<void> {
  const accepted: ApiResponse = await call('PUT', `/v1/nodes/${uuid}/states/power`, { body: { target } });
  if (accepted.status !== 202) throw new Error(`${target} refused: ${accepted.status} ${accepted.text}`);
  await until(call, uuid, (node) => node.power_state === target && node.target_power_state === null, target);
}

/** How many events the system's store holds: a refusal must leave it unchanged. */
export async function storedEvents(system: RunningSystem): Promise<number> {
  return (await (await system.store()).readAll({ after: 0, limit: 1_000_000 })).length;
}

/** The types of a node's events, oldest first. */
export async function nodeEventTypes(system: RunningSystem, uuid: string): Promise<string[]> {
  return (await (await system.store()).readStream(nodeStreamId(uuid))).map((event) => event.type);
}
