import http from 'node:http';
import https from 'node:https';
import { type Duplex } from 'node:stream';

export interface BmcPoolOptions {
  /** Connections open to one BMC at most; BMCs are small computers. */
  readonly maxSocketsPerBmc: number;
  /** Connections open to all BMCs at most (over HTTP, and as many over HTTPS). */
  readonly maxSockets: number;
  /** An idle kept-alive connection is closed after this long. */
  readonly idleSocketMs: number;
}

/** Request options that name the BMC, whose connections are pooled apart from other BMCs'. */
export type BmcRequestOptions = https.RequestOptions & { readonly bmc: string };

/**
 * Node pools connections by host and port; a BMC is its address with its path prefix, so that
 * the BMCs a simulator (or an aggregating service) serves on one port are pooled as separate BMCs.
 */
const nameWithBmc = (name: string, options?: Partial<BmcRequestOptions>) => `${name}|${options?.bmc ?? ''}`;

/** Whether requests wait for a place: a connection a request leaves is then closed, so that one of them gets its place. */
const waiting = (agent: http.Agent) => Object.keys(agent.requests).length > 0;
/** Node's `keepSocketAlive` says whether the connection may be kept (its typings say `void`). */
const keptAlive = (kept: unknown) => kept !== false;

class HttpAgent extends http.Agent {
  override getName(options?: Partial<BmcRequestOptions>): string {
    return nameWithBmc(super.getName(options), options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    return !waiting(this) && keptAlive(super.keepSocketAlive(socket));
  }
}

class HttpsAgent extends https.Agent {
  override getName(options?: Partial<BmcRequestOptions>): string {
    return nameWithBmc(super.getName(options), options);
  }

  override keepSocketAlive(socket: Duplex): boolean {
    return !waiting(this) && keptAlive(super.keepSocketAlive(socket));
  }
}

/** Node counts an agent's sockets, idle or not, to enforce `maxTotalSockets` (absent from its typings). */
const openSockets = (agent: http.Agent) => (agent as http.Agent & { readonly totalSocketCount: number }).totalSocketCount;

/**
 * The connections of a process to its BMCs, shared by their clients: kept alive between the
 * requests of one operation and closed when idle, at most `maxSocketsPerBmc` to one BMC and
 * `maxSockets` in all, further requests waiting for a place.
 */
export class BmcPool {
  readonly http: http.Agent;
  readonly https: https.Agent;

  constructor({ maxSocketsPerBmc, maxSockets, idleSocketMs }: BmcPoolOptions) {
    const options = { keepAlive: true, maxSockets: maxSocketsPerBmc, maxFreeSockets: maxSocketsPerBmc, maxTotalSockets: maxSockets, timeout: idleSocketMs, scheduling: 'lifo' as const };
    this.http = new HttpAgent(options);
    this.https = new HttpsAgent(options);
  }

  /** Connections open now, busy or idle. */
  get open(): number {
    return openSockets(this.http) + openSockets(this.https);
  }

  /**
   * Called before a request: when every place is taken and the BMC has no idle connection, closes
   * the connection idle the longest, whose place the request then takes; Node would otherwise let
   * it wait until an idle connection times out.
   */
  makeRoom(agent: http.Agent, options: BmcRequestOptions): void {
    if (openSockets(agent) < agent.maxTotalSockets || agent.freeSockets[agent.getName(options)]?.length) return;
    // The BMC whose connections have been idle the longest comes first: an emptied list is deleted.
    for (const name in agent.freeSockets) {
      agent.freeSockets[name]?.[0]?.destroy();
      break;
    }
  }

  /** Closes every connection. */
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}
