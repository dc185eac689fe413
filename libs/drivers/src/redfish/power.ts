import { type Node, POWER_TARGET_RESULT, type PowerState, type PowerTarget } from '@ironledger/domain';
import { type PowerDriver } from '../driver.js';
import { RedfishClient, type Resource } from './client.js';
import { parseDriverInfo, type RedfishAuthType, type RedfishDriverInfo } from './driver-info.js';
import { RedfishError } from './errors.js';
import { planReset, type RedfishStablePower, toPowerState, toRedfishPower } from './power-states.js';

export interface RedfishOptions {
  /** Longest wait for one answer from a BMC (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** How long a power change may take when the caller gives no timeout (default 30 s). */
  readonly powerTimeoutSeconds?: number;
  /** Pause between reads of `PowerState` while waiting for a reset to show (default 250 ms). */
  readonly pollIntervalMs?: number;
  /** Connections to one BMC at most (default 4). */
  readonly maxSocketsPerBmc?: number;
  /** Idle connections are closed after this long (default 30 s). */
  readonly idleSocketMs?: number;
  /** `redfish_auth_type` of nodes that do not set it (Ironic's `[redfish]auth_type`, default `auto`). */
  readonly defaultAuthType?: RedfishAuthType;
  /** BMC clients kept (connections and sessions); the least recently used beyond are closed (default 20,000). */
  readonly maxClients?: number;
}

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
export function redfishPower(options: RedfishOptions = {}): ClosablePowerDriver {
  const requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
  const powerTimeoutSeconds = options.powerTimeoutSeconds ?? 30;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const maxClients = options.maxClients ?? 20_000;
  const clientOptions = { requestTimeoutMs, maxSockets: options.maxSocketsPerBmc ?? 4, idleSocketMs: options.idleSocketMs ?? 30_000 };
  /** One client per BMC address, user and CA setting (as Ironic's session cache), least recently used first. */
  const clients = new Map<string, RedfishClient>();

  const parse = (node: Node) => parseDriverInfo(node, options.defaultAuthType);

  const clientFor = (info: RedfishDriverInfo): RedfishClient => {
    const key = `${info.origin}${info.prefix}\n${info.username}\n${String(info.verifyCa)}`;
    let client = clients.get(key);
    if (client) {
      clients.delete(key);
      const same = client.info.password === info.password && client.info.authType === info.authType && client.info.rootPath === info.rootPath;
      if (!same) {
        void client.close();
        client = undefined;
      }
    }
    client ??= new RedfishClient(info, clientOptions);
    clients.set(key, client);
    if (clients.size > maxClients) {
      const [oldestKey, oldest] = clients.entries().next().value!;
      clients.delete(oldestKey);
      void oldest.close();
    }
    return client;
  };

  /** The path of the node's ComputerSystem: `redfish_system_id`, or the only member of `Systems`. */
  const systemPath = async (client: RedfishClient, timeoutMs: number): Promise<string> => {
    if (client.info.systemId) return client.info.systemId;
    if (client.discoveredSystem) return client.discoveredSystem;
    const link = ((await client.root(timeoutMs)).Systems as Resource | undefined)?.['@odata.id'];
    const collectionPath = typeof link === 'string' ? link : `${client.info.rootPath}/Systems`;
    const members = (await client.get(collectionPath, timeoutMs)).Members;
    const ids = Array.isArray(members) ? members.map((m) => (m as Resource | null)?.['@odata.id']).filter((id): id is string => typeof id === 'string') : [];
    if (ids.length === 0) throw new RedfishError('not-found', `The BMC at ${client.address} lists no ComputerSystem in ${collectionPath}`);
    if (ids.length > 1) {
      const shown = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
      throw new RedfishError('invalid-config', `The BMC at ${client.address} manages ${ids.length} systems (${shown}); set driver_info/redfish_system_id to one of them`);
    }
    client.discoveredSystem = ids[0]!;
    return client.discoveredSystem;
  };

  /** GETs the ComputerSystem, discovering it again once if a discovered path has gone. */
  const readSystem = async (client: RedfishClient, timeoutMs: number): Promise<{ path: string; system: Resource }> => {
    const path = await systemPath(client, timeoutMs);
    try {
      return { path, system: await client.get(path, timeoutMs) };
    } catch (error) {
      if (!(error instanceof RedfishError && error.kind === 'not-found' && client.discoveredSystem === path)) throw error;
      client.discoveredSystem = null;
      const again = await systemPath(client, timeoutMs);
      return { path: again, system: await client.get(again, timeoutMs) };
    }
  };

  /** The reset action's target and allowed types (inline, or from its `@Redfish.ActionInfo`). */
  const resetAction = async (client: RedfishClient, path: string, system: Resource, timeoutMs: number): Promise<{ target: string; allowable: string[] | null }> => {
    const action = (system.Actions as Resource | undefined)?.['#ComputerSystem.Reset'] as Resource | undefined;
    const target = typeof action?.target === 'string' ? action.target : `${path}/Actions/ComputerSystem.Reset`;
    const inline = action?.['ResetType@Redfish.AllowableValues'];
    if (Array.isArray(inline)) return { target, allowable: inline.filter((v): v is string => typeof v === 'string') };
    const infoPath = action?.['@Redfish.ActionInfo'];
    if (typeof infoPath === 'string') {
      const parameters = (await client.get(infoPath, timeoutMs)).Parameters;
      const resetType = Array.isArray(parameters) ? (parameters as Resource[]).find((p) => p?.Name === 'ResetType') : undefined;
      if (Array.isArray(resetType?.AllowableValues)) return { target, allowable: resetType.AllowableValues.filter((v): v is string => typeof v === 'string') };
    }
    return { target, allowable: null };
  };

  /** Reads `PowerState` until it shows `expect`, tolerating a briefly unresponsive BMC, until the deadline. */
  const waitFor = async (client: RedfishClient, expect: RedfishStablePower, after: string, deadline: number, timeoutSeconds: number): Promise<void> => {
    let last: unknown = undefined;
    let lastError: RedfishError | null = null;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const budget = Math.min(requestTimeoutMs, left);
      try {
        last = (await readSystem(client, budget)).system.PowerState;
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
      parse(node);
    },

    async getPowerState(node) {
      const info = parse(node);
      try {
        const { system } = await readSystem(clientFor(info), requestTimeoutMs);
        return toPowerState(system.PowerState);
      } catch (error) {
        throw wrap(error, `Redfish get power state failed for node ${node.uuid}`);
      }
    },

    async setPowerState(node, target: PowerTarget, timeoutSeconds?: number): Promise<PowerState> {
      const info = parse(node);
      const seconds = timeoutSeconds ?? powerTimeoutSeconds;
      const deadline = Date.now() + seconds * 1000;
      const result = POWER_TARGET_RESULT[target];
      // Every request fits in what is left of the caller's timeout.
      const budget = () => Math.max(1, Math.min(requestTimeoutMs, deadline - Date.now()));
      try {
        const client = clientFor(info);
        const { path, system } = await readSystem(client, budget());
        const { target: actionPath, allowable } = await resetAction(client, path, system, budget());
        const steps = planReset(target, toPowerState(system.PowerState), allowable);
        for (const step of steps) {
          await client.post(actionPath, { ResetType: step.resetType }, budget());
          await waitFor(client, step.expect, `ResetType ${step.resetType}`, deadline, seconds);
        }
        // Nothing to send (already there, or on its way): wait until it rests there.
        if (steps.length === 0 && system.PowerState !== toRedfishPower(result)) await waitFor(client, toRedfishPower(result), 'no reset (already heading there)', deadline, seconds);
        return result;
      } catch (error) {
        throw wrap(error, `Redfish set power state failed for node ${node.uuid} (target: ${target})`);
      }
    },

    async close() {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((client) => client.close()));
    },
  };
}

/** Puts the node and operation in front of a driver error; anything else is a bug and stays as it is. */
function wrap(error: unknown, context: string): unknown {
  return error instanceof RedfishError ? error.within(context) : error;
}
