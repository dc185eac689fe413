import { LruMap, type Node } from '@ironledger/domain';
import { RedfishClient, type Resource } from './client.js';
import { parseDriverInfo, type RedfishAuthType, type RedfishBmcInfo, type RedfishDriverInfo } from './driver-info.js';
import { RedfishError } from './errors.js';
import { BmcPool } from './pool.js';

export interface RedfishOptions {
  /** Longest wait for one answer from a BMC (default 10 s). */
  readonly requestTimeoutMs?: number;
  /** How long a power change may take when the caller gives no timeout (default 30 s). */
  readonly powerTimeoutSeconds?: number;
  /** Pause between reads of `PowerState` while waiting for a reset to show (default 250 ms). */
  readonly pollIntervalMs?: number;
  /** Connections to one BMC at most (default 4). */
  readonly maxSocketsPerBmc?: number;
  /** Connections to all BMCs at most, over HTTP and as many over HTTPS (default 256); further requests wait for a place. */
  readonly maxSockets?: number;
  /**
   * Idle connections are closed after this long (default 4 s): long enough to serve the requests of
   * one operation (a conductor's polls of a power change), short enough that none stays open between
   * power-sync passes.
   */
  readonly idleSocketMs?: number;
  /** `redfish_auth_type` of nodes that do not set it (Ironic's `[redfish]auth_type`, default `auto`). */
  readonly defaultAuthType?: RedfishAuthType;
  /** BMC clients kept (connections and sessions); the least recently used beyond are closed (default 20,000). */
  readonly maxClients?: number;
  /** Between two looks, by the conductor, at the task monitors of RAID changes applied at a reboot (Ironic's `[redfish] raid_config_status_interval`, default 60 s). */
  readonly raidConfigStatusIntervalS?: number;
  /** How long `close()` spends deleting open sessions before it leaves the rest to expire on their BMCs (default 2 s). */
  readonly closeWithinMs?: number;
}

/** A node's ComputerSystem as last read, with its ETag for conditional changes. */
export interface SystemRead {
  readonly path: string;
  readonly system: Resource;
  readonly etag: string | null;
}

/** The node as its BMC sees it: the BMC's client, and the ComputerSystem `driver_info` names (`null`: the BMC's only one). */
export interface NodeSystem {
  readonly client: RedfishClient;
  readonly systemId: string | null;
}

/** Every field of a BMC's info (a field added to `RedfishBmcInfo` must be listed here: the compiler says so). */
const BMC_FIELDS: Readonly<Record<keyof RedfishBmcInfo, true>> = { origin: true, prefix: true, rootPath: true, username: true, password: true, verifyCa: true, authType: true };
const BMC_FIELD_NAMES = Object.keys(BMC_FIELDS) as (keyof RedfishBmcInfo)[];

/**
 * What a client is kept under: every field of the BMC's info, each of which decides how the BMC
 * is talked to, so that a node whose `driver_info` changes gets another client at its next call.
 * A URL's parts hold no newline and the user's length ends it, so no value can run into the
 * next; a template, since this runs at every call (JSON.stringify took ten times as long).
 */
function clientKey({ origin, prefix, rootPath, username, password, verifyCa, authType }: RedfishBmcInfo): string {
  return `${origin}\n${prefix}\n${rootPath}\n${authType}\n${typeof verifyCa === 'string' ? JSON.stringify(verifyCa) : verifyCa}\n${username.length}:${username}${password}`;
}

/** The BMC's part of a node's info: a client shared by several nodes must not carry one node's system. */
const bmcInfo = (info: RedfishBmcInfo): RedfishBmcInfo => Object.fromEntries(BMC_FIELD_NAMES.map((name) => [name, info[name]])) as unknown as RedfishBmcInfo;

/**
 * The Redfish BMCs the driver talks to: one client per BMC address, credentials, CA setting and
 * auth type (as Ironic's session cache), least recently used first, shared by the power,
 * management and BIOS interfaces and by every node behind the BMC, so that a BMC sees one
 * session. Which of the BMC's systems a node is comes from its `driver_info` at every call.
 */
export class RedfishConnections {
  readonly requestTimeoutMs: number;
  private readonly clientOptions: ConstructorParameters<typeof RedfishClient>[1];
  private readonly clients: LruMap<string, RedfishClient>;
  private readonly pool: BmcPool;

  constructor(private readonly options: RedfishOptions = {}) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.clients = new LruMap(options.maxClients ?? 20_000, (evicted) => void evicted.close());
    this.pool = new BmcPool({ maxSocketsPerBmc: options.maxSocketsPerBmc ?? 4, maxSockets: options.maxSockets ?? 256, idleSocketMs: options.idleSocketMs ?? 4000 });
    this.clientOptions = { requestTimeoutMs: this.requestTimeoutMs, pool: this.pool };
  }

  /** Connections open to BMCs now, busy or idle. */
  get openSockets(): number {
    return this.pool.open;
  }

  /** The node's `driver_info`, checked (throws `RedfishError` `invalid-config`). */
  parse(node: Node): RedfishDriverInfo {
    return parseDriverInfo(node, this.options.defaultAuthType);
  }

  /** The node's system on its BMC, as its `driver_info` says now. */
  systemOf(node: Node): NodeSystem {
    return this.system(this.parse(node));
  }

  /** The system of a node whose `driver_info` was parsed already. */
  system(info: RedfishDriverInfo): NodeSystem {
    return { client: this.client(info), systemId: info.systemId };
  }

  /** The client of a BMC, made on first use. */
  client(info: RedfishBmcInfo): RedfishClient {
    const key = clientKey(info);
    const known = this.clients.get(key);
    if (known) return known;
    const client = new RedfishClient(bmcInfo(info), this.clientOptions);
    this.clients.set(key, client);
    return client;
  }

  /**
   * The path of the node's ComputerSystem: `redfish_system_id`, or else the only member of the
   * BMC's `Systems`, looked up at every call as sushy does, so that every process answers alike
   * when a BMC's systems change. Ironic's words when there is not exactly one.
   */
  private async systemPath({ client, systemId }: NodeSystem, timeoutMs: number): Promise<string> {
    if (systemId) return systemId;
    const collectionPath = (await client.links(timeoutMs)).systems ?? `${client.info.rootPath}/Systems`;
    const members = (await client.get(collectionPath, timeoutMs)).Members;
    const ids = Array.isArray(members) ? members.map((m) => (m as Resource | null)?.['@odata.id']).filter((id): id is string => typeof id === 'string') : [];
    if (ids.length !== 1) throw new RedfishError(ids.length === 0 ? 'not-found' : 'invalid-config', 'Failed at determining default for "ComputerSystem": System count is not exactly one');
    return ids[0]!;
  }

  /** GETs the node's ComputerSystem (with its ETag). */
  async readSystem(target: NodeSystem, timeoutMs = this.requestTimeoutMs): Promise<SystemRead> {
    return this.readSystemAt(target.client, await this.systemPath(target, timeoutMs), timeoutMs);
  }

  /** GETs the ComputerSystem at `path`; one the BMC does not have fails in Ironic's words. */
  async readSystemAt(client: RedfishClient, path: string, timeoutMs = this.requestTimeoutMs): Promise<SystemRead> {
    try {
      const { resource, etag } = await client.request('GET', path, { timeoutMs });
      if (!resource) throw new RedfishError('malformed', `The BMC answered GET ${client.info.origin}${path} with an empty body`, 200);
      return { path, system: resource, etag };
    } catch (error) {
      if (error instanceof RedfishError && error.kind === 'not-found') throw redfishException(error.message, 'not-found', error.status);
      throw error;
    }
  }

  /** The reset action's target and allowed types (inline, or from its `@Redfish.ActionInfo`). */
  async resetAction(client: RedfishClient, { path, system }: Pick<SystemRead, 'path' | 'system'>, timeoutMs = this.requestTimeoutMs): Promise<{ target: string; allowable: string[] | null }> {
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
  }

  /**
   * Deletes open sessions, for `closeWithinMs` at most, and closes connections. The sessions of
   * BMCs that do not answer in time expire there by themselves, as a crashed conductor's do: on a
   * shutdown after the BMCs had gone, trying every one of 100,000 sessions took minutes.
   */
  async close(): Promise<void> {
    const all = [...this.clients.values()];
    this.clients.clear();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, this.options.closeWithinMs ?? 2000)));
    await Promise.race([Promise.all(all.map((client) => client.close())), deadline]);
    clearTimeout(timer);
    this.pool.destroy();
  }
}

/** Puts the node and operation in front of a driver error; anything else is a bug and stays as it is. */
export function wrap(error: unknown, context: string): unknown {
  return error instanceof RedfishError ? error.within(context) : error;
}

const IRONIC_PREFIX = 'Redfish exception occurred. Error: ';

/** A failure in Ironic's words, `Redfish exception occurred. Error: <message>`. */
export function redfishException(message: string, kind: RedfishError['kind'] = 'unsupported', status: number | null = null): RedfishError {
  return new RedfishError(kind, `${IRONIC_PREFIX}${message}`, status);
}

/**
 * A driver failure as Ironic words it: `Redfish exception occurred. Error: <context>. Error:
 * <what went wrong>`; one already worded so, or anything that is not a `RedfishError`, stays.
 */
export function redfishFailure(error: unknown, context: string): unknown {
  if (!(error instanceof RedfishError) || error.message.startsWith(IRONIC_PREFIX)) return error;
  return redfishException(`${context}. Error: ${error.message}`, error.kind, error.status);
}
