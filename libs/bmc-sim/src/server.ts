import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { type ControlledFleet, controlBmc, controlEnclosure, installControlRoutes } from './control-api.js';
import { createEnclosures, type Enclosure, type EnclosureControl, enclosureOwner, enclosureUuid } from './enclosures.js';
import { HeldRequests } from './held.js';
import { indexIn, type Params, type Req, sendEmpty, sendJson } from './http.js';
import { basicAuthHeader, type BmcControl, createBmc, DEFAULT_PASSWORD, DEFAULT_USERNAME, observePower, type StablePower, takeFailure, type VirtualBmc } from './model.js';
import { type Answer, patchBiosSettings, patchChassis, patchSecureBoot, patchSystem, resetBios, resetSystem } from './management.js';
import {
  BIOS_REGISTRY, biosRegistry, biosResource, biosSettingsResource, chassisCollection, chassisResource, computerSystem, injectedError, redfishError,
  registryCollection, registryFile, resetActionInfo, secureBootResource, serviceRoot, sessionCollection, sessionPath, sessionResource, sessionService,
  systemCollection, systemEtag, systemUuid,
} from './resources.js';
import { systemHardwareResource } from './hardware.js';
import { imageRoutes } from './images.js';
import { type RamdiskOptions, Ramdisks } from './ramdisk.js';
import { SessionStore } from './sessions.js';
import { EventSubscriptions, eventServiceResource, subscriptionCollection, subscriptionPath, subscriptionResource } from './events.js';
import { type AgentOptions, Agents } from './agent.js';
import { STORAGE_ID, type StorageRequest, Storages } from './storage.js';
import { ejectMedia, insertMedia, isMediaSlot, managerCollection, managerResource, virtualMediaCollection, virtualMediaResource } from './virtual-media.js';

export interface BmcSimOptions {
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Port to listen on; 0 picks a free one (default 8000). */
  readonly port?: number;
  /** How many virtual BMCs, numbered from 1 (default 100). */
  readonly systems?: number;
  /**
   * Systems per blade enclosure (default 0: no enclosures): enclosure e answers under
   * `/enclosure/{e}` as one Redfish service over systems (e-1)·k+1 … e·k (see `enclosures.ts`).
   */
  readonly enclosureSize?: number;
  /** Credentials of every BMC at start, and of the root service (default admin/password). */
  readonly username?: string;
  readonly password?: string;
  /** Initial power of every system (default Off). */
  readonly power?: StablePower;
  /** Serve HTTPS with this key and certificate (PEM) instead of HTTP. */
  readonly tls?: { readonly key: string | Buffer; readonly cert: string | Buffer };
  /** Redfish `SessionTimeout` in seconds (default 1800). */
  readonly sessionTimeoutSeconds?: number;
  /** Sessions one BMC keeps before it closes the oldest (default 64). */
  readonly maxSessionsPerBmc?: number;
  /** The clock the model reads (milliseconds); tests may replace it. */
  readonly now?: () => number;
  /** Inspection ramdisks that post an inventory when a system boots (see `ramdisk.ts`). */
  readonly ramdisk?: RamdiskOptions;
  /** Simulated ironic-python-agent ramdisks, started by boots from virtual CD or the network (see `agent.ts`). */
  readonly agent?: AgentOptions;
}

/** What a route serves; the same handlers answer at the root and under `/bmc/{n}`. */
type Resource =
  | 'serviceRoot' | 'systems' | 'system' | 'patchSystem' | 'resetInfo' | 'reset' | 'sessionService' | 'sessions' | 'login' | 'session' | 'logout'
  | 'secureBoot' | 'patchSecureBoot' | 'bios' | 'biosSettings' | 'patchBiosSettings' | 'resetBios' | 'chassisCollection' | 'chassis' | 'patchChassis'
  | 'registries' | 'registryFile' | 'registry' | 'managers' | 'manager' | 'virtualMediaCollection' | 'virtualMedia' | 'insertMedia' | 'ejectMedia'
  | 'systemHardware' | 'eventService' | 'subscriptions' | 'subscription' | 'subscribe' | 'unsubscribe' | 'submitTestEvent'
  | 'storageCollection' | StorageRequest;

const SESSION_RESOURCES: ReadonlySet<Resource> = new Set<Resource>(['sessionService', 'sessions', 'login', 'session', 'logout']);

/** The Redfish services: the root over every system, one per BMC, one per blade enclosure. */
type ServiceKind = 'root' | 'bmc' | 'enclosure';
const SERVICE_ROUTES: Readonly<Record<ServiceKind, string>> = { root: '', bmc: '/bmc/:n', enclosure: '/enclosure/:e' };

/** One Redfish service as a request finds it: where it answers, whose account and sessions count, which systems it manages. */
interface Service {
  /** `/bmc/{n}` or `/enclosure/{e}`; empty at the root. */
  readonly prefix: string;
  /** Whose account and sessions count: BMC n as n, enclosure e as -e, the root service as 0. */
  readonly owner: number;
  /** The systems it manages (inclusive). */
  readonly first: number;
  readonly last: number;
  /** The BMC of a `/bmc/{n}` service, whose faults apply to all its requests. */
  readonly bmc?: VirtualBmc;
}

/** The account of a service: a BMC's, an enclosure's, or the root service's, which serves every system without a prefix. */
interface Account {
  username: string;
  password: string;
  basicAuth: string;
}

/** Thrown by the JSON body parser; answered as Redfish `MalformedJSON`. */
class MalformedJsonError extends Error {
  readonly statusCode = 400;
}

/**
 * The simulator: thousands of virtual Redfish BMCs on one port. BMC n answers under
 * `/bmc/{n}/redfish/v1` with its own credentials, sessions and faults; the root `/redfish/v1`
 * serves every system at once with the root account (faults of system n still apply to it).
 * The control API under `/control` configures faults and needs no credentials.
 */
export class BmcSim {
  /** `http://host:port` of the root service. */
  url = '';
  port = 0;
  /** The virtual BMCs; `bmcs[n - 1]` is BMC n. */
  readonly bmcs: readonly VirtualBmc[];
  /** The blade enclosures; `enclosures[e - 1]` is enclosure e. */
  readonly enclosures: readonly Enclosure[];
  private readonly app: FastifyInstance;
  private readonly now: () => number;
  private readonly count: number;
  private readonly root: Account;
  private readonly rootUuid = systemUuid(0);
  private readonly sessions: SessionStore;
  private readonly subscriptions = new EventSubscriptions();
  private readonly held = new HeldRequests();
  private readonly ramdisks: Ramdisks;
  private readonly agents: Agents;
  /** What the control API and in-process control changes reach. */
  private readonly fleet: ControlledFleet;
  /** Each system's RAID storage and its volumes. */
  readonly storages = new Storages();

  private constructor(options: BmcSimOptions) {
    this.now = options.now ?? Date.now;
    this.count = options.systems ?? 100;
    const defaults = { username: options.username ?? DEFAULT_USERNAME, password: options.password ?? DEFAULT_PASSWORD, power: options.power ?? 'Off' };
    const bmcs: VirtualBmc[] = [];
    for (let index = 1; index <= this.count; index++) bmcs.push(createBmc(index, defaults));
    this.bmcs = bmcs;
    const enclosureSize = options.enclosureSize ?? 0;
    if (!Number.isInteger(enclosureSize) || enclosureSize < 0 || enclosureSize > this.count) throw new Error(`enclosureSize must be an integer from 0 to the number of systems (${this.count}), not ${enclosureSize}`);
    this.enclosures = createEnclosures(this.count, enclosureSize, defaults);
    this.root = { ...defaults, basicAuth: basicAuthHeader(defaults.username, defaults.password) };
    this.sessions = new SessionStore({
      timeoutSeconds: options.sessionTimeoutSeconds ?? 1800,
      maxPerOwner: options.maxSessionsPerBmc ?? 64,
      newToken: () => randomBytes(16).toString('hex'),
    });
    this.ramdisks = new Ramdisks(options.ramdisk ?? {}, () => this.url);
    this.agents = new Agents(options.agent ?? {}, {
      bmcAt: (n) => this.bmcAt(n),
      count: this.count,
      baseUrl: () => this.url,
      powerOff: (bmc) => controlBmc(this.fleet, bmc, { powerState: 'Off' }),
    });
    const { enclosures, now, sessions, held, subscriptions, agents, storages } = this;
    this.fleet = { bmcs, enclosures, defaults, now, sessions, held, subscriptions, agents, storages };
    const settings = { logger: false, routerOptions: { ignoreTrailingSlash: true }, forceCloseConnections: true, bodyLimit: 64 * 1024 };
    // Both servers offer the same API; the HTTPS instance only differs in its raw server type.
    this.app = (options.tls ? Fastify({ ...settings, https: { key: options.tls.key, cert: options.tls.cert } }) : Fastify(settings)) as unknown as FastifyInstance;
    this.installParsers();
    this.installRedfishRoutes();
    installControlRoutes(this.app, this.fleet);
    this.ramdisks.routes(this.app, (n) => this.bmcAt(n), this.count);
    this.agents.routes(this.app);
    imageRoutes(this.app);
  }

  /** Starts a simulator and resolves once it listens. */
  static async start(options: BmcSimOptions = {}): Promise<BmcSim> {
    const sim = new BmcSim(options);
    const host = options.host ?? '127.0.0.1';
    await sim.app.listen({ host, port: options.port ?? 8000 });
    const address = sim.app.server.address();
    sim.port = typeof address === 'object' && address ? address.port : (options.port ?? 8000);
    sim.url = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${sim.port}`;
    return sim;
  }

  /** The `redfish_address` of BMC n. */
  bmcUrl(index: number): string {
    return `${this.url}/bmc/${index}`;
  }

  /** The `redfish_address` of enclosure e. */
  enclosureUrl(index: number): string {
    return `${this.url}/enclosure/${index}`;
  }

  /** Applies a control request in process, exactly as `PUT /control/enclosure/{e}` does. */
  controlEnclosure(index: number, change: EnclosureControl): void {
    const enclosure = this.enclosures[index - 1];
    if (!enclosure) throw new Error(`no enclosure ${index}; there are ${this.enclosures.length}`);
    controlEnclosure(this.fleet, enclosure, change);
  }

  /** Applies a control request in process, exactly as `PUT /control/bmc/{n}` does. */
  control(index: number, change: BmcControl): void {
    const bmc = this.bmcs[index - 1];
    if (!bmc) throw new Error(`no BMC ${index}; BMCs are 1 to ${this.count}`);
    controlBmc(this.fleet, bmc, change);
  }

  async close(): Promise<void> {
    this.held.clear();
    this.ramdisks.close();
    this.agents.close();
    await this.app.close();
  }

  private installParsers(): void {
    const app = this.app;
    // JSON bodies: an empty body is no body (DELETE with a content type), bad JSON is MalformedJSON.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') return done(null, undefined);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new MalformedJsonError('malformed JSON'), undefined);
      }
    });
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof MalformedJsonError) return sendJson(reply, 400, redfishError('MalformedJSON'));
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      return sendJson(reply, status, redfishError(status >= 500 ? 'InternalError' : 'GeneralError'));
    });
    app.setNotFoundHandler((request, reply) => sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url)));
  }

  /** Redfish routes, at the root, under each BMC's prefix and under each enclosure's. */
  private installRedfishRoutes(): void {
    for (const [kind, prefix] of Object.entries(SERVICE_ROUTES) as [ServiceKind, string][]) {
      this.app.get<{ Params: Params }>(`${prefix}/redfish`, (request, reply) => {
        const service = this.serviceOf(kind, request.params);
        if (!service) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        sendJson(reply, 200, { v1: `${service.prefix}/redfish/v1/` });
      });
      const route = (method: 'get' | 'post' | 'patch' | 'delete', path: string, resource: Resource) => this.app[method]<{ Params: Params }>(`${prefix}/redfish/v1${path}`, this.serve(resource, kind));
      route('get', '', 'serviceRoot');
      route('get', '/Systems', 'systems');
      route('get', '/Systems/:id', 'system');
      route('patch', '/Systems/:id', 'patchSystem');
      route('get', '/Systems/:id/ResetActionInfo', 'resetInfo');
      route('post', '/Systems/:id/Actions/ComputerSystem.Reset', 'reset');
      route('get', '/Systems/:id/SecureBoot', 'secureBoot');
      // Processors, Memory, SimpleStorage, EthernetInterfaces (Storage's own routes, below, come first: they are static).
      route('get', '/Systems/:id/:kind', 'systemHardware');
      route('get', '/Systems/:id/:kind/:item', 'systemHardware');
      route('patch', '/Systems/:id/SecureBoot', 'patchSecureBoot');
      route('get', '/Systems/:id/Bios', 'bios');
      route('get', '/Systems/:id/Bios/Settings', 'biosSettings');
      route('patch', '/Systems/:id/Bios/Settings', 'patchBiosSettings');
      route('post', '/Systems/:id/Bios/Actions/Bios.ResetBios', 'resetBios');
      route('get', '/Chassis', 'chassisCollection');
      route('get', '/Chassis/:id', 'chassis');
      route('patch', '/Chassis/:id', 'patchChassis');
      route('get', '/Managers', 'managers');
      route('get', '/Managers/:id', 'manager');
      route('get', '/Managers/:id/VirtualMedia', 'virtualMediaCollection');
      route('get', '/Managers/:id/VirtualMedia/:slot', 'virtualMedia');
      route('post', '/Managers/:id/VirtualMedia/:slot/Actions/VirtualMedia.InsertMedia', 'insertMedia');
      route('post', '/Managers/:id/VirtualMedia/:slot/Actions/VirtualMedia.EjectMedia', 'ejectMedia');
      route('get', '/Systems/:id/Storage', 'storageCollection');
      route('get', '/Systems/:id/Storage/:storage', 'storage');
      route('get', '/Systems/:id/Storage/:storage/Drives/:drive', 'drive');
      route('get', '/Systems/:id/Storage/:storage/Volumes', 'volumes');
      route('post', '/Systems/:id/Storage/:storage/Volumes', 'createVolume');
      route('get', '/Systems/:id/Storage/:storage/Volumes/:volume', 'volume');
      route('delete', '/Systems/:id/Storage/:storage/Volumes/:volume', 'deleteVolume');
      route('get', '/Systems/:id/Storage/:storage/TaskMonitors/:task', 'raidTask');
      route('get', '/Registries', 'registries');
      route('get', '/Registries/:registry', 'registryFile');
      route('get', '/Registries/:registry/:file', 'registry');
      route('get', '/SessionService', 'sessionService');
      route('get', '/SessionService/Sessions', 'sessions');
      route('post', '/SessionService/Sessions', 'login');
      route('get', '/SessionService/Sessions/:sid', 'session');
      route('delete', '/SessionService/Sessions/:sid', 'logout');
      route('get', '/EventService', 'eventService');
      route('post', '/EventService/Actions/EventService.SubmitTestEvent', 'submitTestEvent');
      route('get', '/EventService/Subscriptions', 'subscriptions');
      route('post', '/EventService/Subscriptions', 'subscribe');
      route('get', '/EventService/Subscriptions/:sub_id', 'subscription');
      route('delete', '/EventService/Subscriptions/:sub_id', 'unsubscribe');
    }
  }

  private bmcAt(param: string | undefined): VirtualBmc | undefined {
    return this.bmcs[indexIn(param, this.count) - 1];
  }

  private enclosureAt(param: string | undefined): Enclosure | undefined {
    return this.enclosures[indexIn(param, this.enclosures.length) - 1];
  }

  /** The service a request's path names, if there is one. */
  private serviceOf(kind: ServiceKind, params: Params): Service | undefined {
    switch (kind) {
      case 'root':
        return { prefix: '', owner: 0, first: 1, last: this.count };
      case 'bmc': {
        const bmc = this.bmcAt(params.n);
        return bmc && { prefix: `/bmc/${bmc.index}`, owner: bmc.index, first: bmc.index, last: bmc.index, bmc };
      }
      case 'enclosure': {
        const enclosure = this.enclosureAt(params.e);
        return enclosure && { prefix: `/enclosure/${enclosure.index}`, owner: enclosureOwner(enclosure.index), first: enclosure.first, last: enclosure.last };
      }
      default: {
        const unreachable: never = kind;
        throw new Error(`unknown service ${String(unreachable)}`);
      }
    }
  }

  /** The Redfish pipeline: find the service and the system, then latency, hang, injected failure, auth, resource. */
  private serve(resource: Resource, kind: ServiceKind) {
    return (request: Req, reply: FastifyReply): void => {
      const params = request.params;
      const service = this.serviceOf(kind, params);
      if (!service) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
      let bmc = service.bmc;
      if (params.id !== undefined) {
        // A system the service does not manage is not there.
        const system = this.bmcAt(params.id);
        if (!system || system.index < service.first || system.index > service.last) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        bmc = system;
      }
      const call: Call = { resource, request, reply, ...service };
      if (!bmc) return this.answer(call, undefined);
      bmc.requests++;
      const target = bmc;
      if (target.latencyMs > 0) setTimeout(() => this.afterLatency(call, target), target.latencyMs);
      else this.afterLatency(call, target);
    };
  }

  private afterLatency(call: Call, bmc: VirtualBmc): void {
    if (call.reply.sent || call.reply.raw.destroyed) return;
    if (bmc.hang) return this.held.hold(bmc.index, call.reply, () => this.afterLatency(call, bmc));
    const status = takeFailure(bmc);
    if (status !== 0) return void sendJson(call.reply, status, injectedError(status));
    this.answer(call, bmc);
  }

  private account(owner: number): Account {
    if (owner === 0) return this.root;
    return owner > 0 ? this.bmcs[owner - 1]! : this.enclosures[-owner - 1]!;
  }

  private unauthorized(reply: FastifyReply): void {
    reply.header('WWW-Authenticate', 'Basic realm="bmc-sim"');
    sendJson(reply, 401, redfishError('NoValidSession'));
  }

  private authenticated(request: Req, owner: number): boolean {
    const account = this.account(owner);
    const authorization = request.headers.authorization;
    if (authorization !== undefined && (authorization === account.basicAuth || basicMatches(authorization, account))) return true;
    const token = request.headers['x-auth-token'];
    return typeof token === 'string' && this.sessions.authenticate(owner, token, this.now()) !== null;
  }

  private answer({ resource, request, reply, prefix, owner, first, last }: Call, bmc: VirtualBmc | undefined): void {
    const garbled = bmc?.garbled ?? false;
    // The root and enclosures always have a SessionService; a BMC may be told to have none.
    const withSessions = owner <= 0 || bmc!.sessionService;
    // The service root (and the version document) and login are open to anyone, as Redfish requires.
    if (resource === 'serviceRoot') return void sendJson(reply, 200, serviceRoot(prefix, this.serviceUuid(owner), withSessions), garbled);
    if (bmc?.authFirst && !this.authenticated(request, owner)) return this.unauthorized(reply);
    if (!withSessions && SESSION_RESOURCES.has(resource)) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
    if (resource === 'login') {
      const login = this.sessions.login(owner, this.account(owner), request.body, this.now());
      if (!login.ok) return void sendJson(reply, login.status, login.body);
      reply.header('X-Auth-Token', login.session.token).header('Location', sessionPath(prefix, login.session));
      return void sendJson(reply, 201, sessionResource(prefix, login.session), garbled);
    }
    if (!this.authenticated(request, owner)) return this.unauthorized(reply);
    const sessions = this.sessions;
    const missing = () => void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
    const slot = request.params.slot;
    const changed = (answer: Answer) => (answer.ok ? sendEmpty(reply) : void sendJson(reply, answer.status, answer.body));
    switch (resource) {
      case 'systems':
        return void sendJson(reply, 200, systemCollection(prefix, first, last), garbled);
      case 'system':
        reply.header('ETag', systemEtag(bmc!));
        return void sendJson(reply, 200, computerSystem(prefix, bmc!, observePower(bmc!, this.now())), garbled);
      case 'systemHardware': {
        const systemPath = `${prefix}/redfish/v1/Systems/${bmc!.index}`;
        const rest = [request.params.kind, request.params.item].filter((part) => part !== undefined).join('/');
        const resource = systemHardwareResource(systemPath, bmc!.index, rest);
        return resource ? void sendJson(reply, 200, resource, garbled) : missing();
      }
      case 'patchSystem': {
        const ifMatch = request.headers['if-match'];
        return changed(patchSystem(bmc!, request.body, Array.isArray(ifMatch) ? ifMatch[0] : ifMatch));
      }
      case 'secureBoot':
        return bmc!.secureBoot ? void sendJson(reply, 200, secureBootResource(prefix, bmc!), garbled) : missing();
      case 'patchSecureBoot':
        return bmc!.secureBoot ? changed(patchSecureBoot(bmc!, request.body)) : missing();
      case 'bios':
        return bmc!.bios ? void sendJson(reply, 200, biosResource(prefix, bmc!), garbled) : missing();
      case 'biosSettings':
        return bmc!.bios ? void sendJson(reply, 200, biosSettingsResource(prefix, bmc!), garbled) : missing();
      case 'patchBiosSettings':
        return bmc!.bios ? changed(patchBiosSettings(bmc!, request.body)) : missing();
      case 'resetBios':
        return bmc!.bios ? changed(resetBios(bmc!)) : missing();
      case 'chassisCollection':
        return void sendJson(reply, 200, chassisCollection(prefix, this.bmcs.slice(first - 1, last)), garbled);
      case 'chassis':
        return bmc!.chassis ? void sendJson(reply, 200, chassisResource(prefix, bmc!), garbled) : missing();
      case 'patchChassis':
        return bmc!.chassis ? changed(patchChassis(bmc!, request.body)) : missing();
      case 'registries':
        return void sendJson(reply, 200, registryCollection(prefix, !bmc || bmc.biosRegistry), garbled);
      case 'registryFile':
        return request.params.registry === BIOS_REGISTRY && (!bmc || bmc.biosRegistry) ? void sendJson(reply, 200, registryFile(prefix), garbled) : missing();
      case 'registry':
        return request.params.registry === BIOS_REGISTRY && request.params.file === `${BIOS_REGISTRY}.json` && (!bmc || bmc.biosRegistry)
          ? void sendJson(reply, 200, biosRegistry(prefix), garbled)
          : missing();
      case 'managers':
        return void sendJson(reply, 200, managerCollection(prefix, this.bmcs.slice(first - 1, last)), garbled);
      case 'manager':
        return void sendJson(reply, 200, managerResource(prefix, bmc!), garbled);
      case 'virtualMediaCollection':
        return void sendJson(reply, 200, virtualMediaCollection(prefix, bmc!), garbled);
      case 'virtualMedia':
        return isMediaSlot(slot) ? void sendJson(reply, 200, virtualMediaResource(prefix, bmc!, slot), garbled) : missing();
      case 'insertMedia':
        return isMediaSlot(slot) ? changed(insertMedia(bmc!, slot, request.body)) : missing();
      case 'ejectMedia':
        return isMediaSlot(slot) ? changed(ejectMedia(bmc!, slot)) : missing();
      case 'resetInfo':
        return void sendJson(reply, 200, resetActionInfo(prefix, bmc!), garbled);
      case 'storageCollection':
        return void sendJson(reply, 200, this.storages.collection(prefix, bmc!.index), garbled);
      case 'storage':
      case 'drive':
      case 'volumes':
      case 'createVolume':
      case 'volume':
      case 'deleteVolume':
      case 'raidTask':
        return request.params.storage === STORAGE_ID ? this.answerStorage(resource, request, reply, prefix, bmc!, garbled) : missing();
      case 'reset': {
        const reset = resetSystem(bmc!, request.body, this.now());
        if (reset.ok) {
          this.ramdisks.reset(bmc!, reset.resetType, reset.before);
          this.agents.afterReset(bmc!, reset.booted, this.now());
        }
        return changed(reset);
      }
      case 'sessionService':
        return void sendJson(reply, 200, sessionService(prefix, sessions.timeoutSeconds), garbled);
      case 'sessions':
        return void sendJson(reply, 200, sessionCollection(prefix, sessions.list(owner)), garbled);
      case 'session': {
        const session = sessions.get(owner, request.params.sid ?? '');
        if (!session) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        return void sendJson(reply, 200, sessionResource(prefix, session), garbled);
      }
      case 'logout': {
        const session = sessions.get(owner, request.params.sid ?? '');
        if (!session) return void sendJson(reply, 404, redfishError('ResourceMissingAtURI', request.url));
        sessions.remove(session);
        return sendEmpty(reply);
      }
      case 'eventService':
        return void sendJson(reply, 200, eventServiceResource(prefix), garbled);
      case 'subscriptions':
        return void sendJson(reply, 200, subscriptionCollection(prefix, this.subscriptions.list(owner)), garbled);
      case 'subscription': {
        const subscription = this.subscriptions.get(owner, request.params.sub_id ?? '');
        return subscription ? void sendJson(reply, 200, subscriptionResource(prefix, subscription), garbled) : missing();
      }
      case 'subscribe': {
        const created = this.subscriptions.create(owner, request.body);
        if (!created.ok) return void sendJson(reply, created.status, created.body);
        reply.header('Location', subscriptionPath(prefix, created.subscription));
        return void sendJson(reply, 201, subscriptionResource(prefix, created.subscription), garbled);
      }
      case 'submitTestEvent':
        return sendEmpty(reply);
      case 'unsubscribe':
        return this.subscriptions.delete(owner, request.params.sub_id ?? '') ? sendEmpty(reply) : missing();
      default: {
        const unreachable: never = resource;
        throw new Error(`unknown resource ${String(unreachable)}`);
      }
    }
  }

  /** A request to a system's Storage resource, its drives, volumes or task monitors. */
  private answerStorage(resource: StorageRequest, request: Req, reply: FastifyReply, prefix: string, bmc: VirtualBmc, garbled: boolean): void {
    const mode = { applyTime: bmc.raidApplyTime, taskMs: bmc.raidTaskMs, boots: bmc.boots, now: this.now() };
    const answer = this.storages.answer(resource, prefix, bmc.index, { ...request.params, url: request.url, body: request.body }, mode);
    if (answer.location) reply.header('Location', answer.location);
    if (answer.body === undefined) return sendEmpty(reply, answer.status);
    sendJson(reply, answer.status, answer.body, garbled && answer.status < 400);
  }

  /** The `UUID` of a service's root: a BMC's is its system's. */
  private serviceUuid(owner: number): string {
    if (owner === 0) return this.rootUuid;
    return owner > 0 ? systemUuid(owner) : enclosureUuid(-owner);
  }
}

/** One Redfish request on its way through the pipeline, with the service it reached. */
interface Call extends Service {
  readonly resource: Resource;
  readonly request: Req;
  readonly reply: FastifyReply;
}

/** Compares `Basic …` credentials that are not byte-for-byte what we precomputed (scheme case, padding). */
function basicMatches(authorization: string, account: Account): boolean {
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space).toLowerCase() !== 'basic') return false;
  const decoded = Buffer.from(authorization.slice(space + 1).trim(), 'base64').toString('utf8');
  return decoded === `${account.username}:${account.password}`;
}
