/**
 * The task monitors of volume changes a BMC does not make at once, as Ironic's `redfish` RAID
 * interface follows them: a change asked for `Immediate` that answers 202 is waited for there
 * and then, polling its monitor (sushy's blocking request); one asked for `OnReset` is applied
 * by a reboot of the node, after which the monitors are polled until none runs any more.
 */
import { type Node } from '@ironledger/domain';
import { type RedfishClient, type Resource } from './client.js';
import { RedfishError } from './errors.js';

/** How long and how often the tasks of a RAID step are waited for. */
export interface RaidTaskTiming {
  /** Between two looks at the monitors of changes applied at a reboot (Ironic's `[redfish] raid_config_status_interval`, 60 s). */
  readonly statusIntervalMs: number;
  /** How long a step may wait for them, after which it fails as Ironic's wait for the node does (the callback timeout). */
  readonly timeoutMs: number;
  /** Between two looks at the monitor of an `Immediate` change (sushy: the `Retry-After` it does not get here, else 1 s). */
  readonly immediatePollMs: number;
  /** How long an `Immediate` change may run (sushy's 500 s). */
  readonly immediateTimeoutMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

export const DEFAULT_RAID_TASK_TIMING: RaidTaskTiming = {
  statusIntervalMs: 60_000,
  timeoutMs: 1_800_000,
  immediatePollMs: 1000,
  immediateTimeoutMs: 500_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

/** The tasks of a step were not done within the step's time: the step fails as Ironic fails a node left waiting. */
export class RaidTasksTimedOut extends Error {
  readonly type = 'RaidTasksTimedOut';
}

/** The BMC's URL of an origin-absolute path, as messages show it. */
const urlOf = (client: RedfishClient, path: string) => `${new URL(client.address).origin}${path}`;

/** The monitor a 202 answer names: its `Location`, resolved against the body's `@odata.id` as sushy does (an origin-absolute path). */
export function taskMonitorOf(client: RedfishClient, method: string, path: string, answer: { location: string | null; resource: Resource | null }): string {
  const id = answer.resource?.['@odata.id'];
  const url = urlOf(client, path);
  if (!answer.location) throw new RedfishError('server', `Unable to connect to ${url}. Error: HTTP response for ${method} request to ${url} returned status 202, but no Location header`);
  const monitor = new URL(typeof id === 'string' ? id : answer.location, new URL(answer.location, url));
  return monitor.pathname + monitor.search;
}

/** Waits, as sushy blocks on an `Immediate` change, until its monitor stops answering 202; a failed answer throws. */
export async function awaitImmediateTask(client: RedfishClient, monitor: string, timing: RaidTaskTiming): Promise<void> {
  const until = timing.now() + timing.immediateTimeoutMs;
  for (;;) {
    if ((await client.request('GET', monitor)).status !== 202) return;
    await timing.sleep(timing.immediatePollMs);
    if (timing.now() >= until && (await client.request('GET', monitor)).status === 202) {
      const url = urlOf(client, monitor);
      throw new RedfishError('server', `Unable to connect to ${url}. Error: Timeout waiting for task monitor ${url} (timeout = ${timing.immediateTimeoutMs / 1000})`);
    }
  }
}

/**
 * Whether the task behind a monitor still runs (202). As Ironic, a monitor that cannot be read
 * counts as finished, and so does a finished task whatever its state: what the BMC then has is
 * what the node records.
 */
async function stillRunning(client: RedfishClient, monitor: string): Promise<boolean> {
  try {
    return (await client.request('GET', monitor)).status === 202;
  } catch {
    return false;
  }
}

/** Reboots the node (Ironic's `reboot_to_finish_step`), then polls the monitors until none runs; throws `RaidTasksTimedOut` past `deadline`. */
export async function finishAtReboot(client: RedfishClient, node: Node, monitors: readonly string[], reboot: (node: Node) => Promise<unknown>, timing: RaidTaskTiming, deadline: number): Promise<void> {
  await reboot(node);
  let running = [...monitors];
  for (;;) {
    await timing.sleep(Math.max(0, Math.min(timing.statusIntervalMs, deadline - timing.now())));
    const next: string[] = [];
    for (const monitor of running) if (await stillRunning(client, monitor)) next.push(monitor);
    running = next;
    if (running.length === 0) return;
    if (timing.now() >= deadline) throw new RaidTasksTimedOut(`RAID tasks of node ${node.uuid} still running: ${running.join(', ')}`);
  }
}
