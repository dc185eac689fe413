/**
 * Simulated ironic-python-agent (IPA) ramdisks. When a system boots its agent ramdisk (from an
 * inserted virtual CD, or from the network boot service: see `bootSource` in model.ts), the
 * agent comes up after a delay, reads its parameters from the configuration floppy inserted
 * beside the CD, if any (`ipa-agent-token`, `ipa-node-uuid` in `parameters.txt` of a FAT image
 * labelled `ir-vfd-dev`, as IPA reads virtual media parameters), looks its node up at Ironic's
 * API (`GET /v1/lookup` with the system's MACs), takes the node's UUID and, unless the floppy
 * gave it one, its token, and heartbeats (`POST
 * /v1/heartbeat/{uuid}`) with its callback URL, `{base}/agent/{n}`. There it serves IPA's command
 * API (`/agent/{n}/v1/status`, `/agent/{n}/v1/commands/`): the clean and deploy steps of IPA's
 * generic hardware manager, which erase and write the system's simulated disk, and the standby,
 * image, rescue and log commands Ironic's conductor sends. Powering the system off kills it.
 *
 * Without an Ironic URL (BMC_SIM_IRONIC_URL) no agent ever starts. Per system, the control API
 * injects faults and slows the disk: `GET|PUT /control/bmc/{n}/agent`, `POST
 * /control/fleet/agent` for a range, and `GET /control/bmc/{n}/disk` shows what the disk holds.
 */
import { STATUS_CODES } from 'node:http';
import { type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { ApiRefusal, type CommandAgent, commandBody, type CommandRecord, commandResult, executeCommand, refusal, type RescueRecord } from './agent-commands.js';
import { type FleetSelection, type Parsed } from './control.js';
import {
  AGENT_VERSION, type ApiVersion, conflictPause, faultBody, formatVersion, heartbeatBody, heartbeatIntervalMs, heartbeatVersion, HTTP_REQUEST_TIMEOUT_MS,
  ipaErrors, ironicErrorText, lookupBackoffMs, lookupVersion, maskParams, MIN_IRONIC_VERSION, readLookup, rootDocumentVersion,
} from './ipa.js';
import { parseParameters, readFloppy } from './floppy.js';
import { type BootSource, type VirtualBmc } from './model.js';
import { systemMacs } from './ramdisk.js';

/**
 * What goes wrong with a system's agent: it never comes up, it dies half way through writing an
 * image (stops heartbeating, its connections are refused), or the bytes it writes do not match
 * the image's checksum.
 */
export const AGENT_FAULTS = ['none', 'never-boots', 'dies-mid-write', 'corrupt-write'] as const;
export type AgentFault = (typeof AGENT_FAULTS)[number];

export interface AgentOptions {
  /** Ironic's API, without `/v1` (BMC_SIM_IRONIC_URL), e.g. the gateway's; without one no agent ever starts. */
  readonly ironicUrl?: string;
  /** The base of the callback URLs agents announce (BMC_SIM_AGENT_ADVERTISE_URL); the simulator's own URL by default. */
  readonly advertiseUrl?: string;
  /** How long an agent takes to come up after its boot (BMC_SIM_AGENT_BOOT_MS, default 300). */
  readonly bootMs?: number;
  /** How long an agent tries to look its node up before it gives up (BMC_SIM_AGENT_LOOKUP_TIMEOUT_MS, default 300 s). */
  readonly lookupTimeoutMs?: number;
  /** The first wait between look-ups, doubling from there as IPA's does (BMC_SIM_AGENT_LOOKUP_INTERVAL_MS, default IPA's 1 s). */
  readonly lookupIntervalMs?: number;
  /** A fixed heartbeat interval instead of IPA's (BMC_SIM_AGENT_HEARTBEAT_MS), for fast tests. */
  readonly heartbeatMs?: number;
}

/** What the control API sets per system. */
export interface AgentSettings {
  fault: AgentFault;
  /** How fast the disk takes an image (null: as fast as it arrives). */
  diskBytesPerSecond: number | null;
  /** A fixed heartbeat interval (null: the simulator's option, else IPA's). */
  heartbeatMs: number | null;
  bootMs: number;
  /**
   * The system's ramdisk is a real ironic-python-agent that a test runs outside the simulator
   * (test/ipa/): a boot is recorded, with its configuration floppy, but no simulated agent starts.
   */
  external: boolean;
}

/** What an agent needs of the simulator around it. */
export interface AgentHost {
  bmcAt(param: string | undefined): VirtualBmc | undefined;
  readonly count: number;
  /** The simulator's base URL. */
  baseUrl(): string;
  /** Powers the host off from inside, as its operating system does. */
  powerOff(bmc: VirtualBmc): void;
}

type Check = (value: unknown) => string | null;
const positiveOrNull = (what: string): Check => (v) => (v === null || (Number.isInteger(v) && (v as number) >= 1) ? null : `a positive integer (${what}) or null`);
const AGENT_FIELDS: Readonly<Record<keyof AgentSettings, Check>> = {
  fault: (v) => ((AGENT_FAULTS as readonly unknown[]).includes(v) ? null : `one of ${AGENT_FAULTS.map((fault) => `"${fault}"`).join(', ')}`),
  diskBytesPerSecond: positiveOrNull('bytes per second; null: no limit'),
  heartbeatMs: positiveOrNull("milliseconds; null: IPA's interval"),
  bootMs: (v) => (Number.isInteger(v) && (v as number) >= 0 ? null : 'a non-negative integer'),
  external: (v) => (typeof v === 'boolean' ? null : 'true or false'),
};
const positive: Check = (v) => (Number.isInteger(v) && (v as number) >= 1 ? null : 'a positive integer');

/** A control body: the settings, and for the fleet `from`/`to`; anything else is refused, naming the field. */
export function parseAgentControl(body: unknown, fleet: boolean): Parsed<Partial<AgentSettings> & FleetSelection> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, error: 'the body must be a JSON object' };
  const fields: Readonly<Record<string, Check>> = fleet ? { ...AGENT_FIELDS, from: positive, to: positive } : AGENT_FIELDS;
  for (const [key, value] of Object.entries(body)) {
    const check = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (!check) return { ok: false, error: `unknown field "${key}"; known: ${Object.keys(fields).join(', ')}` };
    const expected = check(value);
    if (expected) return { ok: false, error: `"${key}" must be ${expected}` };
  }
  return { ok: true, value: body as Partial<AgentSettings> & FleetSelection };
}

/** Where an agent is: coming up, looking its node up, serving its API and heartbeating, run outside the simulator, or gone. */
type Phase = 'booting' | 'looking-up' | 'running' | 'external' | 'stopped';

/** One boot of a system's agent, from power-on to its end. */
class AgentRun {
  phase: Phase = 'booting';
  stopReason: string | null = null;
  /** Aborted when the agent stops: cancels its timers and HTTP calls. */
  readonly stopping = new AbortController();
  startedAt: number | null = null;
  ironicVersion: ApiVersion | null = null;
  nodeUuid: string | null = null;
  token: string | null = null;
  /** Why the configuration floppy could not be read, if it could not. */
  floppyError: string | null = null;
  heartbeatTimeoutSeconds = 300;
  lastLookup: { at: string; attempts: number; status: number | null; error?: string } | null = null;
  lastHeartbeat: { at: string; count: number; status: number | null; error?: string } | null = null;
  readonly commands: CommandRecord[] = [];
  partitionUuids: Record<string, string> | null = null;
  rescue: RescueRecord | null = null;
  /** Ends the wait for the next heartbeat early; `beatSoon` asks for one while a heartbeat is on its way. */
  wake: (() => void) | null = null;
  beatSoon = false;
  /** Sockets of requests waiting for a command (`wait=true`): cut when the agent dies. */
  readonly waiting = new Set<Socket>();

  constructor(
    readonly index: number,
    readonly bootedFrom: BootSource,
    readonly bootedAt: string,
    /** The configuration floppy inserted when the system booted from its CD (its URL). */
    readonly floppyUrl: string | null = null,
  ) {}
}

/** The volume label of the configuration floppy IPA reads its parameters from. */
const CONFIG_FLOPPY_LABEL = 'ir-vfd-dev';

/** The agent went down while a request to it was on its way: its connection is cut. */
class AgentGone extends Error {}

type Params = { n?: string; id?: string };
type AgentRequest = FastifyRequest<{ Params: Params; Querystring: Record<string, string | undefined> }>;

/** Ironic's execute_deploy_step carries the node with its config drive: far more than a Redfish body. */
const COMMAND_BODY_LIMIT = 128 * 1024 * 1024;
const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

/** The agents of every system of one simulator. */
export class Agents {
  private readonly settings = new Map<number, AgentSettings>();
  private readonly runs = new Map<number, AgentRun>();
  /** A power change that applies later (the BMC's power delay) and will start or stop an agent then. */
  private readonly scheduled = new Map<number, AbortController>();
  private closed = false;

  constructor(
    private readonly options: AgentOptions,
    private readonly host: AgentHost,
  ) {}

  /**
   * Called after a reset was applied. A boot from the CD or the network starts the agent; any
   * boot or power-off ends the one that runs. Both happen when the power change applies.
   */
  afterReset(bmc: VirtualBmc, booted: boolean, now: number): void {
    if (!this.options.ironicUrl || this.closed) return;
    if (!booted && (bmc.pendingPower ?? bmc.power) !== 'Off') return;
    const source = bmc.booted?.source ?? 'none';
    const delay = bmc.pendingPower === null ? 0 : Math.max(0, bmc.pendingAt - now);
    this.schedule(bmc.index, delay, () => {
      this.stop(this.runs.get(bmc.index), booted ? 'restarted' : 'powered off');
      if (booted && (source === 'cd' || source === 'network')) this.boot(bmc, source);
    });
  }

  /** The host lost power outside a reset (the control API, or the agent's own `standby.power_off`). */
  poweredOff(bmc: VirtualBmc): void {
    this.scheduled.get(bmc.index)?.abort();
    this.scheduled.delete(bmc.index);
    this.stop(this.runs.get(bmc.index), 'powered off');
  }

  close(): void {
    this.closed = true;
    for (const pending of this.scheduled.values()) pending.abort();
    this.scheduled.clear();
    for (const run of this.runs.values()) this.stop(run, 'simulator closed');
  }

  /** The agents' command API and the control API's routes. */
  routes(app: FastifyInstance): void {
    void app.register(async (scope) => this.commandRoutes(scope));
    app.get<{ Params: Params }>('/control/bmc/:n/agent', (request, reply) => {
      const bmc = this.host.bmcAt(request.params.n);
      if (!bmc) return void reply.code(404).send({ error: `no BMC ${request.params.n}` });
      reply.send(this.describe(bmc));
    });
    app.put<{ Params: Params }>('/control/bmc/:n/agent', (request, reply) => {
      const bmc = this.host.bmcAt(request.params.n);
      if (!bmc) return void reply.code(404).send({ error: `no BMC ${request.params.n}` });
      const parsed = parseAgentControl(request.body, false);
      if (!parsed.ok) return void reply.code(400).send({ error: parsed.error });
      this.settings.set(bmc.index, { ...this.of(bmc.index), ...parsed.value });
      reply.send(this.describe(bmc));
    });
    app.post('/control/fleet/agent', (request, reply) => {
      const parsed = parseAgentControl(request.body ?? {}, true);
      if (!parsed.ok) return void reply.code(400).send({ error: parsed.error });
      const { from = 1, to = this.host.count, ...change } = parsed.value;
      let updated = 0;
      for (let index = from; index <= Math.min(to, this.host.count); index++, updated++) this.settings.set(index, { ...this.of(index), ...change });
      reply.send({ updated });
    });
    app.get<{ Params: Params }>('/control/bmc/:n/disk', (request, reply) => {
      const bmc = this.host.bmcAt(request.params.n);
      if (!bmc) return void reply.code(404).send({ error: `no BMC ${request.params.n}` });
      reply.send(bmc.disk ?? { image: null, metadataErased: false });
    });
  }

  private of(index: number): AgentSettings {
    return this.settings.get(index) ?? { fault: 'none', diskBytesPerSecond: null, heartbeatMs: null, bootMs: this.options.bootMs ?? 300, external: false };
  }

  private describe(bmc: VirtualBmc) {
    const run = this.runs.get(bmc.index);
    return {
      ...this.of(bmc.index),
      ironicUrl: this.options.ironicUrl ?? null,
      callbackUrl: this.callbackUrl(bmc.index),
      phase: run?.phase ?? null,
      running: run?.phase === 'running',
      stopReason: run?.stopReason ?? null,
      bootedFrom: run?.bootedFrom ?? null,
      bootedAt: run?.bootedAt ?? null,
      nodeUuid: run?.nodeUuid ?? null,
      token: Boolean(run?.token),
      floppyUrl: run?.floppyUrl ?? null,
      floppyError: run?.floppyError ?? null,
      ironicApiVersion: run?.ironicVersion ? formatVersion(run.ironicVersion) : null,
      lastLookup: run?.lastLookup ?? null,
      lastHeartbeat: run?.lastHeartbeat ?? null,
      rescue: run?.rescue ?? null,
      commands: (run?.commands ?? []).map((command) => ({
        id: command.id,
        name: command.fullName,
        params: maskParams(command.params),
        status: command.status,
        error: command.error,
        startedAt: command.startedAt,
        finishedAt: command.finishedAt,
      })),
      disk: bmc.disk,
    };
  }

  private callbackUrl(index: number): string {
    return `${(this.options.advertiseUrl ?? this.host.baseUrl()).replace(/\/+$/, '')}/agent/${index}`;
  }

  private ironic(path: string): string {
    return `${this.options.ironicUrl!.replace(/\/+$/, '')}${path}`;
  }

  /** Runs `action` once the power change applies, replacing what was scheduled before. */
  private schedule(index: number, delayMs: number, action: () => void): void {
    this.scheduled.get(index)?.abort();
    this.scheduled.delete(index);
    if (delayMs === 0) return action();
    const pending = new AbortController();
    this.scheduled.set(index, pending);
    sleep(delayMs, undefined, { signal: pending.signal }).then(
      () => {
        this.scheduled.delete(index);
        action();
      },
      () => undefined,
    );
  }

  private boot(bmc: VirtualBmc, source: BootSource): void {
    const floppy = bmc.media.Floppy;
    const run = new AgentRun(bmc.index, source, new Date().toISOString(), source === 'cd' && floppy?.inserted ? floppy.image : null);
    this.runs.set(bmc.index, run);
    const { fault, bootMs, external } = this.of(bmc.index);
    if (external) {
      run.phase = 'external';
      return;
    }
    if (fault === 'never-boots') return this.stop(run, 'never came up (fault never-boots)');
    this.live(run, bootMs).catch((error: Error) => this.stop(run, `crashed: ${error.message}`));
  }

  /** The agent's life: come up, look the node up, then serve and heartbeat until stopped. */
  private async live(run: AgentRun, bootMs: number): Promise<void> {
    const signal = run.stopping.signal;
    try {
      await sleep(bootMs, undefined, { signal });
      run.phase = 'looking-up';
      run.startedAt = Date.now() / 1000;
      await this.readBootParameters(run);
      if (!(await this.lookUp(run))) return;
      run.phase = 'running';
      for (;;) {
        const succeeded = await this.heartbeat(run);
        const fixed = this.of(run.index).heartbeatMs ?? this.options.heartbeatMs ?? null;
        await this.untilNextBeat(run, fixed ?? heartbeatIntervalMs(succeeded, run.heartbeatTimeoutSeconds, Math.random()));
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  private stop(run: AgentRun | undefined, reason: string): void {
    if (!run || run.phase === 'stopped') return;
    run.phase = 'stopped';
    run.stopReason = reason;
    run.stopping.abort();
    for (const socket of run.waiting) socket.destroy();
    run.waiting.clear();
  }

  /** The agent's HTTP calls to Ironic end with it, or after IPA's request timeout. */
  private requestSignal(run: AgentRun): AbortSignal {
    return AbortSignal.any([run.stopping.signal, AbortSignal.timeout(HTTP_REQUEST_TIMEOUT_MS)]);
  }

  /** Ironic's version from its root document, as IPA reads it; IPA's minimum (not kept) when that fails. */
  private async ironicVersion(run: AgentRun): Promise<ApiVersion> {
    if (run.ironicVersion) return run.ironicVersion;
    try {
      const response = await fetch(this.ironic('/'), { headers: JSON_HEADERS, signal: this.requestSignal(run) });
      run.ironicVersion = rootDocumentVersion(await response.json());
    } catch (error) {
      if (run.stopping.signal.aborted) throw error;
    }
    return run.ironicVersion ?? MIN_IRONIC_VERSION;
  }

  /**
   * The token and node a virtual-media boot's configuration floppy hands the agent, as IPA reads
   * `parameters.txt` from the device labelled `ir-vfd-dev`. A floppy that cannot be read or is not
   * one leaves the agent to its look-up, as IPA goes on without parameters.
   */
  private async readBootParameters(run: AgentRun): Promise<void> {
    if (!run.floppyUrl) return;
    try {
      const response = await fetch(run.floppyUrl, { signal: this.requestSignal(run) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const { label, files } = readFloppy(Buffer.from(await response.arrayBuffer()));
      const text = files.get('parameters.txt');
      if (label !== CONFIG_FLOPPY_LABEL || !text) return;
      const params = parseParameters(text.toString('utf8'));
      run.token = params['ipa-agent-token'] || null;
      run.nodeUuid = params['ipa-node-uuid'] || null;
    } catch (error) {
      if (run.stopping.signal.aborted) throw error;
      run.floppyError = (error as Error).message;
    }
  }

  /**
   * Looks the node up as IPA does: every failure (no answer, any status but 200, an answer
   * without a node) is retried with IPA's random exponential back-off, with a longer pause
   * after a 409, until the look-up timeout has passed. Returns whether the agent may go on.
   */
  private async lookUp(run: AgentRun): Promise<boolean> {
    const interval = this.options.lookupIntervalMs ?? 1000;
    const timeout = this.options.lookupTimeoutMs ?? 300_000;
    const signal = run.stopping.signal;
    const started = Date.now();
    let pause = 0;
    for (let attempt = 1; ; attempt++) {
      const version = lookupVersion(await this.ironicVersion(run));
      const query = new URLSearchParams({ addresses: systemMacs(run.index).join(','), ...(run.nodeUuid && { node_uuid: run.nodeUuid }) });
      let status: number | null = null;
      let outcome: ReturnType<typeof readLookup>;
      try {
        const response = await fetch(this.ironic(`/v1/lookup?${query}`), {
          headers: { ...JSON_HEADERS, 'X-OpenStack-Ironic-API-Version': formatVersion(version) },
          signal: this.requestSignal(run),
        });
        status = response.status;
        outcome = readLookup(response.status, await response.text());
      } catch (error) {
        if (signal.aborted) throw error;
        outcome = { ok: false, conflict: false, error: (error as Error).message };
      }
      run.lastLookup = { at: new Date().toISOString(), attempts: attempt, status, ...(!outcome.ok && { error: outcome.error }) };
      if (outcome.ok) {
        run.nodeUuid = outcome.nodeUuid;
        if (Number.isFinite(outcome.heartbeatTimeoutSeconds) && outcome.heartbeatTimeoutSeconds > 0) run.heartbeatTimeoutSeconds = outcome.heartbeatTimeoutSeconds;
        if (outcome.token.kind === 'issued') run.token = outcome.token.token;
        // Someone else fetched this boot's token: IPA takes that as fatal and locks itself down.
        if (outcome.token.kind === 'masked' && !run.token) {
          this.stop(run, 'the look-up answered a masked token and none is on file: locked down');
          return false;
        }
        return true;
      }
      if (outcome.conflict) {
        pause = conflictPause(pause);
        await sleep(pause * interval, undefined, { signal });
      }
      if (Date.now() - started >= timeout) {
        this.stop(run, `look-up gave up after ${attempt} attempts`);
        return false;
      }
      await sleep(lookupBackoffMs(attempt, interval, Math.random()), undefined, { signal });
    }
  }

  /** One heartbeat; Ironic accepts it with 202. A failure is recorded and the next beat comes sooner, as IPA's does. */
  private async heartbeat(run: AgentRun): Promise<boolean> {
    const version = await this.ironicVersion(run);
    const count = (run.lastHeartbeat?.count ?? 0) + 1;
    try {
      const response = await fetch(this.ironic(`/v1/heartbeat/${run.nodeUuid}`), {
        method: 'POST',
        headers: { ...JSON_HEADERS, 'X-OpenStack-Ironic-API-Version': formatVersion(heartbeatVersion(version)) },
        body: JSON.stringify(heartbeatBody(this.callbackUrl(run.index), run.token, version)),
        signal: this.requestSignal(run),
      });
      const text = await response.text();
      const ok = response.status === 202;
      run.lastHeartbeat = { at: new Date().toISOString(), count, status: response.status, ...(!ok && { error: ironicErrorText(response.status, text) }) };
      return ok;
    } catch (error) {
      if (run.stopping.signal.aborted) throw error;
      run.lastHeartbeat = { at: new Date().toISOString(), count, status: null, error: (error as Error).message };
      return false;
    }
  }

  private untilNextBeat(run: AgentRun, ms: number): Promise<void> {
    if (run.beatSoon) {
      run.beatSoon = false;
      return Promise.resolve();
    }
    const signal = run.stopping.signal;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', aborted);
        run.wake = null;
        resolve();
      };
      const aborted = () => {
        clearTimeout(timer);
        run.wake = null;
        reject(signal.reason);
      };
      const timer = setTimeout(done, ms);
      run.wake = done;
      signal.addEventListener('abort', aborted, { once: true });
    });
  }

  /**
   * A heartbeat right away, so that the conductor learns at once that a command finished. IPA
   * forces one too, but no sooner than 5 s after the previous; the simulator does not wait.
   */
  private beatNow(run: AgentRun): void {
    if (run.phase !== 'running') return;
    if (run.wake) run.wake();
    else run.beatSoon = true;
  }

  /** The agent API, served for a system whose agent runs; for any other the connection is cut, as a host that is down. */
  private commandRoutes(scope: FastifyInstance): void {
    // IPA reads every body as JSON whatever its content type (`get_json(force=True)`).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: COMMAND_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
      if (error instanceof AgentGone) {
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      const status = error instanceof ApiRefusal ? error.status : error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
      const faultstring = error instanceof ApiRefusal ? error.faultstring : `${status} ${STATUS_CODES[status]}: ${error.message}`;
      void reply.code(status).send(faultBody(status, faultstring));
    });
    scope.addHook('onRequest', async (request: FastifyRequest<{ Params: Params }>, reply) => {
      if (this.serving(request.params.n)) return;
      reply.hijack();
      request.raw.socket.destroy();
      return reply;
    });
    for (const prefix of ['/agent/:n/v1', '/agent/:n']) {
      scope.get(`${prefix}/status`, (request: AgentRequest) => {
        const run = this.reachable(request);
        return { started_at: run.startedAt, version: AGENT_VERSION };
      });
      scope.get(`${prefix}/commands`, (request: AgentRequest) => {
        const run = this.authorized(request);
        return { commands: run.commands.map(commandResult) };
      });
      scope.get(`${prefix}/commands/:id`, (request: AgentRequest, reply) => {
        const run = this.authorized(request);
        const command = run.commands.find((item) => item.id === request.params.id);
        if (!command) throw refusal(ipaErrors.notFound('Command Result', request.params.id ?? ''));
        return this.answerWhenDone(run, command, request, reply);
      });
      scope.post(`${prefix}/commands`, { bodyLimit: COMMAND_BODY_LIMIT }, (request: AgentRequest, reply) => {
        const run = this.authorized(request);
        const { name, params } = commandBody(request.body);
        const command = executeCommand(this.commandAgent(run, this.host.bmcAt(request.params.n)!), name, params);
        return this.answerWhenDone(run, command, request, reply);
      });
    }
    scope.all('/agent/:n/*', () => {
      throw new ApiRefusal(404, '404 Not Found: The requested URL was not found on the server.');
    });
  }

  private serving(param: string | undefined): AgentRun | undefined {
    const bmc = this.host.bmcAt(param);
    const run = bmc && this.runs.get(bmc.index);
    return run?.phase === 'running' ? run : undefined;
  }

  /** The agent a request reached, which may have gone down since the request came in. */
  private reachable(request: AgentRequest): AgentRun {
    const run = this.serving(request.params.n);
    if (!run) throw new AgentGone();
    return run;
  }

  /** IPA's token check: the `agent_token` query parameter must be the token the agent was given (none given: nothing passes). */
  private authorized(request: AgentRequest): AgentRun {
    const run = this.reachable(request);
    const token = request.query.agent_token;
    if (!token || !run.token || token !== run.token) throw new ApiRefusal(401, '401 Unauthorized: Token invalid.');
    return run;
  }

  /** What the commands may see and do of an agent and its host. */
  private commandAgent(run: AgentRun, bmc: VirtualBmc): CommandAgent {
    return {
      bmc,
      state: run,
      stopping: run.stopping.signal,
      disk: () => {
        const { fault, diskBytesPerSecond } = this.of(bmc.index);
        return { diskBytesPerSecond, corrupt: fault === 'corrupt-write', diesHalfWay: fault === 'dies-mid-write' };
      },
      stop: (reason) => this.stop(run, reason),
      powerOff: () => this.host.powerOff(bmc),
      finished: () => this.beatNow(run),
    };
  }

  /** Answers with a command's result, after it is done when asked to wait (`wait=true`). */
  private async answerWhenDone(run: AgentRun, command: CommandRecord, request: AgentRequest, reply: FastifyReply) {
    if (request.query.wait?.toLowerCase() === 'true' && command.status === 'RUNNING') {
      const socket = request.raw.socket;
      run.waiting.add(socket);
      await command.finished;
      run.waiting.delete(socket);
      if (socket.destroyed) return reply.hijack();
    }
    return commandResult(command);
  }

}
