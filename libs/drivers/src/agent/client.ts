/**
 * The conductor's side of ironic-python-agent's command API, spoken as Ironic's
 * `agent_client.AgentClient` speaks it: `POST {agent}/v1/commands/?wait=…&agent_token=…` with
 * `{name, params}`, `GET {agent}/v1/commands/` for the commands run so far, the node and its
 * ports as the parameters of the step commands, and Ironic's words for every failure.
 *
 * Answers are read without I/O by the exported functions below; `AgentClient` only adds HTTP,
 * a deadline per request and Ironic's retries of requests the network failed.
 */
import { type Json, type JsonObject, maskDictPassword, type Node, type Port, REDACTED, type Step, type StepKind, pythonRepr } from '@ironledger/domain';
import { deployBootMode } from '../boot/boot-mode.js';
import { DriverError } from '../driver.js';

/** Where an agent listens and the secret it takes. */
export interface AgentEndpoint {
  /** The agent's `callback_url` (e.g. `http://192.0.2.10:9999`). */
  readonly url: string;
  /** The token handed out at look-up, sent as `agent_token`; `null` when the agent has none. */
  readonly token: string | null;
  /** The node the agent runs on, named in messages (else the agent is named by its URL). */
  readonly nodeUuid?: string;
}

/** The agent the node's last heartbeat named; Ironic's refusal when there is none yet. */
export function agentEndpoint(node: Node): AgentEndpoint {
  if (!node.agent?.url) throw new AgentUnreachable('Connection to agent failed: Agent driver requires agent_url in driver_internal_info');
  return { url: node.agent.url, token: node.agent.token, nodeUuid: node.uuid };
}

/** IPA's command statuses; `CLEAN_VERSION_MISMATCH` (any step kind) asks for the steps to be fetched again. */
export type AgentCommandStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CLEAN_VERSION_MISMATCH';

/** A command the agent ran or runs, as its API serializes it. */
export interface AgentCommand {
  readonly id: string;
  readonly command_name: string;
  readonly command_status: AgentCommandStatus | string;
  /** IPA's error (`{type, code, message, details}`) once FAILED. */
  readonly command_error: Json | null;
  readonly command_result: Json | null;
}

/** A clean or deploy step the agent offers: a step with IPA's description of its arguments. */
export interface AgentStep extends Step {
  readonly argsinfo?: Json;
}

/** What `get_clean_steps` / `get_deploy_steps` answer: the steps, and the hardware managers' versions they belong to. */
export interface AgentStepOffer {
  readonly steps: AgentStep[];
  /** Sent back with each step (`clean_version` / `deploy_version`) so that a restarted agent of another version refuses it. */
  readonly hardwareManagerVersion: Json;
}

/** No answer from the agent: refused, reset or timed out (the ramdisk is gone or not up). */
export class AgentUnreachable extends DriverError {
  readonly kind = 'agent-unreachable' as const;
}

/** The agent runs another command and refuses a new one (HTTP 409); asking again later may work. */
export class AgentBusy extends DriverError {
  readonly kind = 'agent-busy' as const;
}

/** The agent refused or failed a command, or answered with something that is not one. */
export class AgentCommandFailed extends DriverError {
  readonly kind = 'agent-command-failed' as const;
  constructor(
    message: string,
    /** The HTTP status the agent answered with, when it refused the request. */
    readonly status: number | null = null,
    /** The failed command, when the agent ran it. */
    readonly command: AgentCommand | null = null,
  ) {
    super(message);
  }
}

export interface AgentClientOptions {
  /** Longest wait for one answer (default 60 s: Ironic's `[agent]command_timeout`). */
  readonly requestTimeoutMs?: number;
  /** Tries of a request the network failed (default 3: Ironic's `[agent]max_command_attempts`). */
  readonly maxAttempts?: number;
}

/** An HTTP answer: its status and body text. */
/** What `image.install_bootloader` takes (Ironic's `install_bootloader`; the PReP partition is for ppc64 only). */
export interface BootloaderParams {
  readonly root_uuid: string | null;
  readonly efi_system_part_uuid: string | null;
  readonly prep_boot_part_uuid: string | null;
  readonly target_boot_mode: string;
}

/** How often a polled command is read once it runs a while, and for how long (Ironic's `[agent]command_wait_interval` and `command_wait_attempts`). */
const COMMAND_POLL_INTERVAL_MS = 2000;
const COMMAND_POLL_LIMIT_MS = 200_000;

export interface AgentAnswer {
  readonly status: number;
  readonly text: string;
}

/** Talks to the agents of any number of nodes; holds no state of its own beyond its settings. */
export class AgentClient {
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;

  constructor(options: AgentClientOptions = {}) {
    this.timeoutMs = options.requestTimeoutMs ?? 60_000;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  }

  /**
   * Sends command `name` (`extension.command`). With `wait` the agent answers once the command
   * finished; without, at once (a long command answers `RUNNING`). Resolves with the command
   * whatever its status, as Ironic's `_command` does; throws `AgentBusy` when the agent runs
   * another command, `AgentCommandFailed` when it refuses this one, `AgentUnreachable` when it
   * does not answer.
   */
  async command(agent: AgentEndpoint, name: string, params: JsonObject, wait: boolean): Promise<AgentCommand> {
    const url = commandsUrl(agent, { wait: String(wait) });
    const body = JSON.stringify({ name, params });
    for (let attempt = 1; ; attempt++) {
      let answer: AgentAnswer;
      try {
        answer = await this.exchange('POST', url, body);
      } catch (error) {
        // The agent may have taken the command and lost only the answer: if it runs it now, that is the answer.
        const running = await this.status(agent, 1).then((commands) => runningCommand(commands, name), () => undefined);
        if (running) return running;
        if (attempt >= this.maxAttempts) throw new AgentUnreachable(agentText.unreachable(agent, `for invoking command ${name}`, networkDetail(error, this.timeoutMs)));
        continue;
      }
      return readCommandAnswer(agent, name, answer);
    }
  }

  /** The commands the agent ran since it started, oldest first (`GET /v1/commands/`). */
  commandsStatus(agent: AgentEndpoint): Promise<AgentCommand[]> {
    return this.status(agent, this.maxAttempts);
  }

  /** The steps the agent offers for `kind`, and its hardware managers' versions (`clean.get_clean_steps`, `deploy.get_deploy_steps`). */
  async stepsOffered(agent: AgentEndpoint, node: Node, ports: readonly Port[], kind: StepKind): Promise<AgentStepOffer> {
    const name = `${kind}.get_${kind}_steps`;
    const where = onNode(agent, node);
    const command = await this.command(where, name, { node: agentNodeView(node), ports: agentPortsView(ports) }, true);
    return readStepOffer(succeeded(where, name, command).command_result, kind, node.uuid);
  }

  /** The clean steps the agent offers, flattened over its hardware managers. */
  async getCleanSteps(agent: AgentEndpoint, node: Node, ports: readonly Port[]): Promise<AgentStep[]> {
    return (await this.stepsOffered(agent, node, ports, 'clean')).steps;
  }

  /** The deploy steps the agent offers, flattened over its hardware managers. */
  async getDeploySteps(agent: AgentEndpoint, node: Node, ports: readonly Port[]): Promise<AgentStep[]> {
    return (await this.stepsOffered(agent, node, ports, 'deploy')).steps;
  }

  /**
   * Starts a clean step (`clean.execute_clean_step`); the command usually answers `RUNNING`.
   * `hardwareManagerVersion`: from `stepsOffered` (`null`: the agent checks nothing).
   */
  executeCleanStep(agent: AgentEndpoint, node: Node, ports: readonly Port[], step: Step, hardwareManagerVersion: Json = null): Promise<AgentCommand> {
    const params = { step: stepParam(step), node: agentNodeView(node), ports: agentPortsView(ports), clean_version: hardwareManagerVersion };
    return this.command(onNode(agent, node), 'clean.execute_clean_step', params, false);
  }

  /** Starts a deploy step (`deploy.execute_deploy_step`); the node goes with its config drive, which `write_image` needs. */
  executeDeployStep(agent: AgentEndpoint, node: Node, ports: readonly Port[], step: Step, hardwareManagerVersion: Json = null): Promise<AgentCommand> {
    const params = { step: stepParam(step), node: agentNodeView(node, { withConfigdrive: true }), ports: agentPortsView(ports), deploy_version: hardwareManagerVersion };
    return this.command(onNode(agent, node), 'deploy.execute_deploy_step', params, false);
  }

  /** Shuts the host down from inside the ramdisk (`standby.power_off`). */
  powerOff(agent: AgentEndpoint): Promise<AgentCommand> {
    return this.command(agent, 'standby.power_off', {}, false);
  }

  /** Flushes the file systems to disk (`standby.sync`); Ironic goes on when it fails, so the command is returned as it ended. */
  sync(agent: AgentEndpoint): Promise<AgentCommand> {
    return this.command(agent, 'standby.sync', {}, true);
  }

  /**
   * Installs the boot loader (`image.install_bootloader`) and waits for it to end, reading the
   * command list as Ironic polls it (the command can outlast one request); resolves with the
   * finished command, whatever its status.
   */
  async installBootloader(agent: AgentEndpoint, params: BootloaderParams): Promise<AgentCommand> {
    const name = 'image.install_bootloader';
    const started = await this.command(agent, name, { ...params }, false);
    const deadline = Date.now() + COMMAND_POLL_LIMIT_MS;
    let command = started;
    for (let delay = 50; command.command_status === 'RUNNING'; delay = Math.min(delay * 2, COMMAND_POLL_INTERVAL_MS)) {
      if (Date.now() > deadline) throw new AgentCommandFailed(`Agent command ${name} for ${subject(agent)} did not end within ${COMMAND_POLL_LIMIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      command = (await this.commandsStatus(agent)).find((candidate) => candidate.id === started.id) ?? command;
    }
    return command;
  }

  /** The partitions of the image written (`standby.get_partition_uuids`), e.g. `{"root uuid": …}`; `{}` when the agent says none. */
  async getPartitionUuids(agent: AgentEndpoint): Promise<JsonObject> {
    const name = 'standby.get_partition_uuids';
    const result = succeeded(agent, name, await this.command(agent, name, {}, true)).command_result;
    return isObject(result) ? result : {};
  }

  /**
   * Ends rescuing (`rescue.finalize_rescue`): the agent sets the password and stops. The password
   * goes as given, with `hashed: true` when it is a crypt hash (Ironic's first try); a plain one
   * goes alone, as Ironic's fallback for agents before 6.0 sends it.
   */
  finalizeRescue(agent: AgentEndpoint, password: string, hashed: boolean): Promise<AgentCommand> {
    return this.command(agent, 'rescue.finalize_rescue', hashed ? { rescue_password: password, hashed: true } : { rescue_password: password }, false);
  }

  /** The ramdisk's logs (`log.collect_system_logs`): a gzipped tar, base64-encoded. */
  async collectSystemLogs(agent: AgentEndpoint): Promise<string> {
    const name = 'log.collect_system_logs';
    const result = succeeded(agent, name, await this.command(agent, name, {}, true)).command_result;
    const logs = isObject(result) ? result.system_logs : undefined;
    if (typeof logs !== 'string' || logs === '') throw new AgentCommandFailed(`Failed to get logs for ${subject(agent)}. Agent returned an empty result`);
    return logs;
  }

  /** The commands status, asked up to `attempts` times while the network fails. */
  private async status(agent: AgentEndpoint, attempts: number): Promise<AgentCommand[]> {
    const url = commandsUrl(agent);
    for (let attempt = 1; ; attempt++) {
      let answer: AgentAnswer;
      try {
        answer = await this.exchange('GET', url);
      } catch (error) {
        if (attempt >= attempts) throw new AgentUnreachable(agentText.unreachable(agent, 'to collect commands status', networkDetail(error, this.timeoutMs)));
        continue;
      }
      return readCommandsStatus(agent, answer);
    }
  }

  /** One HTTP exchange within the deadline; rejects with fetch's error when the network fails. */
  private async exchange(method: 'GET' | 'POST', url: string, body?: string): Promise<AgentAnswer> {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return { status: response.status, text: await response.text() };
  }
}

/**
 * `{url}/v1/commands/` with `query`, and the token as `agent_token` when there is one (Ironic
 * 21.4 sends it with commands only; IPA since 2025 also wants it to list them).
 */
export function commandsUrl(agent: Pick<AgentEndpoint, 'url' | 'token'>, query: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams(query);
  if (agent.token) params.set('agent_token', agent.token);
  const search = params.toString();
  return `${agent.url.replace(/\/+$/, '')}/v1/commands/${search ? `?${search}` : ''}`;
}

/**
 * The node as the agent gets it (Ironic's `node.as_dict(secure=True)`): Ironic's node fields
 * that ironledger keeps, `driver_info` and `instance_info` masked by oslo's `mask_dict_password`,
 * and the config drive (left out of that) masked unless `withConfigdrive` (deploy steps, which write it).
 */
export function agentNodeView(node: Node, { withConfigdrive = false } = {}): JsonObject {
  const { configdrive, ...rest } = node.instance_info;
  const instanceInfo = { ...maskDictPassword(rest) };
  if (configdrive !== undefined && configdrive !== null) instanceInfo.configdrive = withConfigdrive ? configdrive : REDACTED;
  const view: JsonObject = {};
  for (const field of NODE_FIELDS) view[field] = (node[field] ?? null) as Json;
  for (const iface of INTERFACE_FIELDS) view[iface] = node[iface];
  // Of Ironic's driver_internal_info the agent reads the boot mode its ramdisk was booted for, which Ironic's
  // sync_boot_mode records there: it decides a partition image's layout (an EFI system partition or a BIOS boot one).
  const driverInternalInfo = { deploy_boot_mode: deployBootMode(node) };
  return { ...view, driver_info: maskDictPassword(node.driver_info), driver_internal_info: driverInternalInfo, instance_info: instanceInfo, traits: [...node.traits] };
}

/** The ports as the agent gets them (Ironic's `port.as_dict()`: nothing masked). */
export function agentPortsView(ports: readonly Port[]): Json[] {
  return ports.map((port) => ({ ...(port as unknown as JsonObject), updated_at: port.updated_at ?? null }));
}

/** Ironic's node fields the agent is sent, where ironledger keeps them under Ironic's name. */
const NODE_FIELDS = [
  'uuid', 'name', 'driver', 'properties', 'extra', 'instance_uuid', 'provision_state', 'target_provision_state', 'power_state',
  'target_power_state', 'maintenance', 'maintenance_reason', 'fault', 'last_error', 'reservation', 'resource_class', 'owner', 'lessee',
  'conductor_group', 'automated_clean', 'protected', 'protected_reason', 'retired', 'retired_reason', 'description', 'network_data',
  'boot_mode', 'secure_boot', 'console_enabled', 'raid_config', 'target_raid_config', 'shard', 'created_at', 'updated_at', 'provision_updated_at',
] as const satisfies readonly (keyof Node)[];

const INTERFACE_FIELDS = [
  'bios_interface', 'boot_interface', 'console_interface', 'deploy_interface', 'inspect_interface', 'management_interface',
  'network_interface', 'power_interface', 'raid_interface', 'rescue_interface', 'storage_interface', 'vendor_interface',
] as const satisfies readonly (keyof Node)[];

function stepParam(step: Step): JsonObject {
  return { ...(step as unknown as JsonObject), args: step.args ?? {} };
}

/**
 * The answer to `POST /v1/commands/`, as Ironic's `_command` reads it: an error status is the
 * agent's refusal (409, or a fault saying "agent is busy": `AgentBusy`), anything else must be a
 * command; a command failed with a `TypeError` (the agent took other parameters) is a refusal too.
 */
export function readCommandAnswer(agent: AgentEndpoint, name: string, answer: AgentAnswer): AgentCommand {
  if (answer.status >= 400) {
    const fault = faultString(answer.text);
    if (answer.status === 409 || fault.toLowerCase().includes('agent is busy')) throw new AgentBusy(agentText.busy(agent, name, fault));
    throw new AgentCommandFailed(agentText.apiError(agent, answer.status, fault), answer.status);
  }
  const command = readCommand(agent, parseJson(agent, answer), answer);
  const error = command.command_error;
  if (isObject(error) && error.type === 'TypeError') {
    const code = typeof error.code === 'number' ? error.code : null;
    throw new AgentCommandFailed(agentText.apiError(agent, code ?? 'None', agentCommandError(command)), code, command);
  }
  return command;
}

/** The answer to `GET /v1/commands/`: `{"commands": […]}`. */
export function readCommandsStatus(agent: AgentEndpoint, answer: AgentAnswer): AgentCommand[] {
  if (answer.status >= 400) throw new AgentCommandFailed(agentText.apiError(agent, answer.status, faultString(answer.text)), answer.status);
  const body = parseJson(agent, answer);
  const commands = isObject(body) ? body.commands : undefined;
  if (!Array.isArray(commands)) throw new AgentCommandFailed(`Agent on ${subject(agent)} returned a bad commands status: ${truncate(answer.text)}`, answer.status);
  return commands.map((command) => readCommand(agent, command, answer));
}

/**
 * The steps of a `get_clean_steps` / `get_deploy_steps` result, `{<kind>_steps: {<manager>:
 * [step…]}, hardware_manager_version}`, flattened over the managers as Ironic caches them;
 * a step without `args` gets `{}`. Refused in Ironic's words when keys are missing.
 */
export function readStepOffer(result: Json, kind: StepKind, nodeUuid: string): AgentStepOffer {
  const offer = isObject(result) ? result : {};
  const missing = [`${kind}_steps`, 'hardware_manager_version'].filter((key) => !(key in offer));
  if (missing.length > 0 || !isObject(offer[`${kind}_steps`])) {
    throw new AgentCommandFailed(
      `agent get_${kind}_steps for node ${nodeUuid} returned an invalid result. Keys: ${pythonSet(missing.length > 0 ? missing : [`${kind}_steps`])} are missing from result: ${pythonRepr(result)}.`,
    );
  }
  const steps: AgentStep[] = [];
  for (const list of Object.values(offer[`${kind}_steps`] as JsonObject)) {
    for (const step of Array.isArray(list) ? list : []) {
      const given = isObject(step) ? step : {};
      const absent = ['interface', 'step', 'priority'].filter((key) => !(key in given));
      if (absent.length > 0) {
        throw new AgentCommandFailed(`agent get_${kind}_steps for node ${nodeUuid} returned an invalid ${kind} step. Keys: ${pythonSet(absent)} are missing from step: ${pythonRepr(step)}.`);
      }
      steps.push({ ...given, args: isObject(given.args) ? given.args : {} } as unknown as AgentStep);
    }
  }
  return { steps, hardwareManagerVersion: offer.hardware_manager_version ?? null };
}

/** The agent's error, as Ironic's `get_command_error` extracts it (`details`, else `message`). */
export function agentCommandError(command: Pick<AgentCommand, 'command_error'>): string {
  const error = command.command_error;
  if (error === null || error === undefined) return 'Invalid agent response';
  if (isObject(error)) return typeof error.details === 'string' && error.details ? error.details : typeof error.message === 'string' && error.message ? error.message : pythonRepr(error);
  return typeof error === 'string' ? error : pythonRepr(error);
}

/** The command, unless it failed: commands whose result the caller needs throw `AgentCommandFailed` then. */
function succeeded(agent: AgentEndpoint, name: string, command: AgentCommand): AgentCommand {
  if (command.command_status === 'SUCCEEDED') return command;
  const what = command.command_status === 'FAILED' ? agentCommandError(command) : `status ${command.command_status}`;
  throw new AgentCommandFailed(`Agent returned bad result for command ${name} on ${subject(agent)}: ${what}`, null, command);
}

/** Ironic's `_status_if_last_command_matches`: the last command, if it is `name` and still running. */
function runningCommand(commands: readonly AgentCommand[], name: string): AgentCommand | undefined {
  const last = commands.at(-1);
  const bare = name.includes('.') ? name.slice(name.indexOf('.') + 1) : name;
  return last && last.command_name === bare && last.command_status === 'RUNNING' ? last : undefined;
}

function readCommand(agent: AgentEndpoint, value: Json, answer: AgentAnswer): AgentCommand {
  if (!isObject(value) || typeof value.command_status !== 'string' || value.command_status === '') {
    throw new AgentCommandFailed(`Agent on ${subject(agent)} returned bad command result: ${truncate(JSON.stringify(value))}`, answer.status);
  }
  return {
    id: String(value.id ?? ''),
    command_name: String(value.command_name ?? ''),
    command_status: value.command_status,
    command_error: value.command_error ?? null,
    command_result: value.command_result ?? null,
  };
}

function parseJson(agent: AgentEndpoint, answer: AgentAnswer): Json {
  try {
    return JSON.parse(answer.text) as Json;
  } catch {
    // Ironic quotes the request body too; here it may hold a rescue password, so it is left out.
    throw new AgentCommandFailed(`Unable to decode response as JSON. Request URL: ${commandsUrl({ url: agent.url, token: null })} Response status code: ${answer.status} Response: "${truncate(answer.text)}"`, answer.status);
  }
}

/** The agent's `faultstring` (its WSME-style error body), else the body itself. */
function faultString(text: string): string {
  try {
    const fault = (JSON.parse(text) as { faultstring?: unknown } | null)?.faultstring;
    if (typeof fault === 'string') return fault;
  } catch {
    // Not JSON: the text says what went wrong.
  }
  return truncate(text);
}

/** Ironic's messages, naming the node when the caller knows it and the agent's URL otherwise. */
const agentText = {
  unreachable: (agent: AgentEndpoint, purpose: string, detail: string) =>
    `Connection to agent failed: Failed to connect to the agent running on ${subject(agent)} ${purpose}. Error: ${detail}`,
  apiError: (agent: AgentEndpoint, status: number | string, error: string) => `Agent API for ${subject(agent)} returned HTTP status code ${status} with error: ${error}`,
  busy: (agent: AgentEndpoint, name: string, error: string) =>
    `${agent.nodeUuid ? `Node ${agent.nodeUuid}` : `Agent at ${agent.url}:`} command "${name}" failed. Agent is presently executing a command. Error ${error}`,
};

function subject(agent: AgentEndpoint): string {
  return agent.nodeUuid ? `node ${agent.nodeUuid}` : agent.url;
}

/** The endpoint, naming `node` in messages. */
function onNode(agent: AgentEndpoint, node: Node): AgentEndpoint {
  return agent.nodeUuid ? agent : { ...agent, nodeUuid: node.uuid };
}

/** What went wrong on the network: the socket's error (`connect ECONNREFUSED …`), or the deadline. */
function networkDetail(error: unknown, timeoutMs: number): string {
  const failure = error as { name?: string; message?: string; cause?: { message?: string } };
  if (failure?.name === 'TimeoutError' || failure?.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return failure?.cause?.message ?? failure?.message ?? String(error);
}

/** Python's `repr` of a set of names, in a stable order. */
function pythonSet(names: readonly string[]): string {
  return `{${[...names].sort().map((name) => pythonRepr(name)).join(', ')}}`;
}

function truncate(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
