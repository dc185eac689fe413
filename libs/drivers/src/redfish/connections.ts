import { type Node } from '@ironledger/domain';
import { RedfishClient, type Resource } from './client.js';
import { parseDriverInfo, type RedfishAuthType, type RedfishDriverInfo } from './driver-info.js';
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
  /** How long `close()` spends deleting open sessions before it leaves the rest to expire on their BMCs (default 2 s). */
  readonly closeWithinMs?: number;
}

/** A node's ComputerSystem as last read, with its ETag for conditional changes. */
export interface SystemRead {
  readonly path: string;
  readonly system: Resource;
  readonly etag: string | null;
}

/**
 * The Redfish BMCs the driver talks to: one client per BMC address, user and CA setting (as
 * Ironic's session cache), least recently used first, shared by the power, management and BIOS
 * interfaces so that a BMC sees one session; and the node's ComputerSystem, found once.
 */
export class RedfishConnections {
  readonly requestTimeoutMs: number;
  private readonly maxClients: number;
  private readonly clientOptions: ConstructorParameters<typeof RedfishClient>[1];
  private readonly clients = new Map<string, RedfishClient>();
  private readonly pool: BmcPool;

  constructor(private readonly options: RedfishOptions = {}) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.maxClients = options.maxClients ?? 20_000;
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

  /** The client of the node's BMC. */
  clientOf(node: Node): RedfishClient {
    return this.client(this.parse(node));
  }

  client(info: RedfishDriverInfo): RedfishClient {
    const key = `${info.origin}${info.prefix}\n${info.username}\n${String(info.verifyCa)}`;
    let client = this.clients.get(key);
    if (client) {
      this.clients.delete(key);
      const same = client.info.password === info.password && client.info.authType === info.authType && client.info.rootPath === info.rootPath;
      if (!same) {
        void client.close();
        client = undefined;
      }
    }
    client ??= new RedfishClient(info, this.clientOptions);
    this.clients.set(key, client);
    if (this.clients.size > this.maxClients) {
      const [oldestKey, oldest] = this.clients.entries().next().value!;
      this.clients.delete(oldestKey);
      void oldest.close();
    }
    return client;
  }

  /** The path of the node's ComputerSystem: `redfish_system_id`, or the only member of `Systems`. */
  async systemPath(client: RedfishClient, timeoutMs = this.requestTimeoutMs): Promise<string> {
    if (client.info.systemId) return client.info.systemId;
    if (client.discoveredSystem) return client.discoveredSystem;
    const collectionPath = (await client.links(timeoutMs)).systems ?? `${client.info.rootPath}/Systems`;
    const members = (await client.get(collectionPath, timeoutMs)).Members;
    const ids = Array.isArray(members) ? members.map((m) => (m as Resource | null)?.['@odata.id']).filter((id): id is string => typeof id === 'string') : [];
    if (ids.length === 0) throw new RedfishError('not-found', `The BMC at ${client.address} lists no ComputerSystem in ${collectionPath}`);
    if (ids.length > 1) {
      const shown = ids.slice(0, 5).join(', ') + (ids.length > 5 ? ', …' : '');
      throw new RedfishError('invalid-config', `The BMC at ${client.address} manages ${ids.length} systems (${shown}); set driver_info/redfish_system_id to one of them`);
    }
    client.discoveredSystem = ids[0]!;
    return client.discoveredSystem;
  }

  /** GETs the ComputerSystem (with its ETag), discovering it again once if a discovered path has gone. */
  async readSystem(client: RedfishClient, timeoutMs = this.requestTimeoutMs): Promise<SystemRead> {
    const read = async (path: string): Promise<SystemRead> => {
      const { resource, etag } = await client.request('GET', path, { timeoutMs });
      if (!resource) throw new RedfishError('malformed', `The BMC answered GET ${client.info.origin}${path} with an empty body`, 200);
      return { path, system: resource, etag };
    };
    const path = await this.systemPath(client, timeoutMs);
    try {
      return await read(path);
    } catch (error) {
      if (!(error instanceof RedfishError && error.kind === 'not-found' && client.discoveredSystem === path)) throw error;
      client.discoveredSystem = null;
      return read(await this.systemPath(client, timeoutMs));
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
