import { POWER_TARGET_RESULT, type PowerState, type PowerTarget } from '@ironledger/domain';
import { type PowerDriver } from '../driver.js';
import { type RedfishClient } from './client.js';
import { RedfishConnections, type RedfishOptions, wrap } from './connections.js';
import { RedfishError } from './errors.js';
import { planReset, type RedfishStablePower, toPowerState, toRedfishPower } from './power-states.js';

export { type RedfishOptions } from './connections.js';

/** A power driver that also holds connections and sessions, to be closed on shutdown. */
export interface ClosablePowerDriver extends PowerDriver {
  /** Deletes open Redfish sessions and closes connections. */
  close(): Promise<void>;
}

/** Resets that failed at the BMC are not retried by polling; a BMC that is briefly busy is. */
const TRANSIENT: ReadonlySet<RedfishError['kind']> = new Set(['unreachable', 'timeout', 'server', 'malformed']);

/**
 * Power through a Redfish BMC, as Ironic's `redfish` power interface does: `PowerState` of the
 * node's ComputerSystem, changed with `ComputerSystem.Reset` and then read again until it shows
 * the result, since BMCs accept a reset before the host has done it.
 */
export function redfishPower(options: RedfishOptions = {}, connections = new RedfishConnections(options)): ClosablePowerDriver {
  const { requestTimeoutMs } = connections;
  const powerTimeoutSeconds = options.powerTimeoutSeconds ?? 30;
  const pollIntervalMs = options.pollIntervalMs ?? 250;

  /** Reads `PowerState` of the system at `path` until it shows `expect`, tolerating a briefly unresponsive BMC, until the deadline. */
  const waitFor = async (client: RedfishClient, path: string, expect: RedfishStablePower, after: string, deadline: number, timeoutSeconds: number): Promise<void> => {
    let last: unknown = undefined;
    let lastError: RedfishError | null = null;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const budget = Math.min(requestTimeoutMs, left);
      try {
        last = (await connections.readSystemAt(client, path, budget)).system.PowerState;
        lastError = null;
        if (last === expect) return;
      } catch (error) {
        if (!(error instanceof RedfishError) || !TRANSIENT.has(error.kind)) throw error;
        // A read the deadline cut short says nothing about the BMC, unless nothing else is known.
        const cutShort = error.kind === 'timeout' && budget < requestTimeoutMs;
        if (!cutShort || (last === undefined && lastError === null)) lastError = error;
      }
      const pause = Math.min(pollIntervalMs, deadline - Date.now());
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
    const seen = [
      ...(last !== undefined ? [`it last showed ${JSON.stringify(last)}`] : []),
      ...(lastError ? [`${last !== undefined ? 'then ' : ''}a read failed: ${lastError.message}`] : []),
    ];
    throw new RedfishError('power-timeout', `PowerState did not become ${expect} within ${timeoutSeconds} s after ${after}; ${seen.join('; ') || 'no read finished'}`);
  };

  return {
    validate(node) {
      connections.parse(node);
    },

    async getPowerState(node) {
      const info = connections.parse(node);
      try {
        const { system } = await connections.readSystem(connections.system(info), requestTimeoutMs);
        return toPowerState(system.PowerState);
      } catch (error) {
        throw wrap(error, `Redfish get power state failed for node ${node.uuid}`);
      }
    },

    async setPowerState(node, target: PowerTarget, timeoutSeconds?: number): Promise<PowerState> {
      const info = connections.parse(node);
      const seconds = timeoutSeconds ?? powerTimeoutSeconds;
      const deadline = Date.now() + seconds * 1000;
      const result = POWER_TARGET_RESULT[target];
      // Every request fits in what is left of the caller's timeout.
      const budget = () => Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now()));
      try {
        // The system is found once: the reads that follow the reset are of the same one.
        const nodeSystem = connections.system(info);
        const { client } = nodeSystem;
        const read = await connections.readSystem(nodeSystem, budget());
        const system = read.system;
        const { target: actionPath, allowable } = await connections.resetAction(client, read, budget());
        const steps = planReset(target, toPowerState(system.PowerState), allowable);
        for (const step of steps) {
          await client.post(actionPath, { ResetType: step.resetType }, budget());
          await waitFor(client, read.path, step.expect, `ResetType ${step.resetType}`, deadline, seconds);
        }
        // Nothing to send (already there, or on its way): wait until it rests there.
        if (steps.length === 0 && system.PowerState !== toRedfishPower(result)) await waitFor(client, read.path, toRedfishPower(result), 'no reset (already heading there)', deadline, seconds);
        return result;
      } catch (error) {
        throw wrap(error, `Redfish set power state failed for node ${node.uuid} (target: ${target})`);
      }
    },

    close: () => connections.close(),
  };
}
