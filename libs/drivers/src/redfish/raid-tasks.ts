/**
 * The task monitors of volume changes a BMC does not make at once, as Ironic's `redfish` RAID
 * interface follows them: a change asked for `Immediate` that answers 202 is waited for there
 * and then, polling its monitor (sushy's blocking request); one asked for `OnReset` is applied
 * by a reboot of the node, after which a conductor polls the monitors while the node waits.
 */
import { type RedfishClient, type Resource } from './client.js';
import { RedfishError } from './errors.js';

/** How long and how often the task of an `Immediate` change is waited for. */
export interface RaidTaskTiming {
  /** Between two looks at the monitor of an `Immediate` change (sushy: the `Retry-After` it does not get here, else 1 s). */
  readonly immediatePollMs: number;
  /** How long an `Immediate` change may run (sushy's 500 s). */
  readonly immediateTimeoutMs: number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => number;
}

export const DEFAULT_RAID_TASK_TIMING: RaidTaskTiming = {
  immediatePollMs: 1000,
  immediateTimeoutMs: 500_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
};

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
export async function stillRunning(client: RedfishClient, monitor: string): Promise<boolean> {
  try {
    return (await client.request('GET', monitor)).status === 202;
  } catch {
    return false;
  }
}
