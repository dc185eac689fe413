/**
 * The commands the simulated agent runs, named and shaped as IPA's extensions (`clean`,
 * `deploy`, `standby`, `image`, `rescue`, `log`) name and shape theirs, and how it runs them, as
 * IPA's `execute_command` does: one at a time; a synchronous command is answered with its result,
 * an asynchronous one is answered `RUNNING` and finishes in the background.
 */
import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type WriteContext, writeImage } from './agent-write.js';
import {
  AGENT_VERSION, cleanStepsResult, CLEAN_STEPS, CommandFailure, type CommandStatus, deployStepsResult, DEPLOY_STEPS, faultString, HARDWARE_MANAGER_VERSIONS,
  type ImageInfo, imageInfoProblem, ipaErrors, type RestError, systemLogsArchive, versionsMatch,
} from './ipa.js';
import { type VirtualBmc } from './model.js';
import { simulatedInventory, systemMacs } from './ramdisk.js';

/** One command the agent ran, kept as IPA keeps its command results. */
export interface CommandRecord {
  readonly id: string;
  /** As IPA names it in results: the command's own name, or `extension.command` when a synchronous one raised. */
  name: string;
  readonly fullName: string;
  readonly params: Readonly<Record<string, unknown>>;
  status: CommandStatus;
  error: RestError | null;
  result: unknown;
  readonly startedAt: string;
  finishedAt: string | null;
  /** Settles when the command is done, or its agent is gone. */
  finished: Promise<void>;
}

/** What a rescue left behind: the password hash the rescue user logs in with. */
export interface RescueRecord {
  readonly at: string;
  readonly hashed: boolean;
  readonly passwordHash: string | null;
}

/** What commands see of the agent running them, and what they may do to it and its host. */
export interface CommandAgent {
  readonly bmc: VirtualBmc;
  readonly state: {
    readonly bootedFrom: string;
    readonly bootedAt: string;
    readonly nodeUuid: string | null;
    readonly commands: CommandRecord[];
    partitionUuids: Record<string, string> | null;
    rescue: RescueRecord | null;
  };
  /** Aborted when the agent stops. */
  readonly stopping: AbortSignal;
  /** The disk's rate and faults now. */
  disk(): Pick<WriteContext, 'diskBytesPerSecond' | 'corrupt' | 'diesHalfWay'>;
  /** Ends the agent (a finished rescue, a dying disk). */
  stop(reason: string): void;
  /** Powers the host off, as the ramdisk's `poweroff` does. */
  powerOff(): void;
  /** An asynchronous command finished. */
  finished(): void;
}

/** A refusal IPA's API answers with an HTTP error (bad requests, unknown commands, a busy agent). */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly faultstring: string,
  ) {
    super(faultstring);
  }
}

export const refusal = (error: RestError) => new ApiRefusal(error.code, faultString(error));

interface CommandSpec {
  readonly mode: 'sync' | 'async';
  readonly required: readonly string[];
  /** Optional parameters; null when the command passes any others on (the step commands pass them to the step). */
  readonly optional: readonly string[] | null;
  /** Checked before the command starts; a refusal is answered with 400, as IPA's command validators are. */
  readonly validate?: (params: Readonly<Record<string, unknown>>) => RestError | null;
  readonly run: (agent: CommandAgent, params: Readonly<Record<string, unknown>>) => unknown;
}

const STEPS = new Set([...CLEAN_STEPS, ...DEPLOY_STEPS].map((step) => step.step));

const stepCommand = (kind: 'clean' | 'deploy'): CommandSpec => ({
  mode: 'async',
  required: ['step', 'node', 'ports'],
  optional: null,
  run: (agent, { step, node, ports: _ports, [`${kind}_version`]: recorded, ...extra }) => executeStep(agent, kind, step, node, recorded, extra),
});

/** The commands of IPA's extensions that the simulated agent runs. */
const EXTENSIONS: Readonly<Record<string, Readonly<Record<string, CommandSpec>>>> = {
  clean: {
    get_clean_steps: { mode: 'sync', required: ['node', 'ports'], optional: [], run: cleanStepsResult },
    execute_clean_step: stepCommand('clean'),
  },
  deploy: {
    get_deploy_steps: { mode: 'sync', required: ['node', 'ports'], optional: [], run: deployStepsResult },
    execute_deploy_step: stepCommand('deploy'),
  },
  standby: {
    prepare_image: {
      mode: 'async',
      required: ['image_info'],
      optional: ['configdrive'],
      validate: ({ image_info }) => imageInfoProblem(image_info),
      run: (agent, { image_info, configdrive }) => prepareImage(agent, image_info as ImageInfo, configdrive, null),
    },
    power_off: {
      mode: 'async',
      required: [],
      optional: [],
      run: (agent) => {
        agent.powerOff();
        return null;
      },
    },
    sync: { mode: 'sync', required: [], optional: [], run: () => null },
    get_partition_uuids: { mode: 'sync', required: [], optional: [], run: ({ state }) => state.partitionUuids ?? {} },
  },
  image: {
    install_bootloader: {
      mode: 'async',
      required: ['root_uuid'],
      optional: ['efi_system_part_uuid', 'prep_boot_part_uuid', 'target_boot_mode', 'ignore_bootloader_failure'],
      run: ({ bmc }, params) => {
        const image = bmc.disk?.image;
        if (image) bmc.disk = { ...bmc.disk!, image: { ...image, bootloader: { target_boot_mode: 'bios', ...params } } };
        return null;
      },
    },
  },
  rescue: {
    finalize_rescue: {
      mode: 'sync',
      required: [],
      optional: ['rescue_password', 'hashed'],
      run: (agent, { rescue_password = '', hashed = false }) => {
        // The hash as given; IPA would crypt a plain password itself, which the simulator does not.
        agent.state.rescue = { at: new Date().toISOString(), hashed: hashed === true, passwordHash: hashed === true ? String(rescue_password) : null };
        // IPA stops its API and its heartbeats once it has answered, leaving the host to the rescue user.
        agent.stop('rescue finalized');
        return null;
      },
    },
  },
  log: {
    collect_system_logs: {
      mode: 'sync',
      required: [],
      optional: [],
      run: (agent) => ({ system_logs: systemLogsArchive(systemLogs(agent), Date.now() / 1000) }),
    },
  },
};

/** IPA's `execute_command`: name checks, one command at a time, then the command, sync or async. */
export function executeCommand(agent: CommandAgent, fullName: string, params: Record<string, unknown>): CommandRecord {
  const { commands } = agent.state;
  const dot = fullName.indexOf('.');
  if (dot < 0) throw refusal(ipaErrors.invalidCommand('Command name must be of the form <extension>.<name>'));
  const last = commands.at(-1);
  if (last?.status === 'RUNNING') throw refusal(ipaErrors.agentIsBusy(last.name));
  const [extensionName, name] = [fullName.slice(0, dot), fullName.slice(dot + 1)];
  const extension = Object.hasOwn(EXTENSIONS, extensionName) ? EXTENSIONS[extensionName]! : undefined;
  if (!extension) throw refusal(ipaErrors.notFound('Extension', extensionName));
  const spec = Object.hasOwn(extension, name) ? extension[name]! : undefined;
  if (!spec) throw refusal(ipaErrors.invalidCommand(`Unknown command: ${name}`));
  const refused = spec.validate?.(params);
  if (refused) throw refusal(refused);
  const record: CommandRecord = {
    id: randomUUID(),
    name,
    fullName,
    params,
    status: 'RUNNING',
    error: null,
    result: null,
    startedAt: new Date().toISOString(),
    finishedAt: null,
    finished: Promise.resolve(),
  };
  commands.push(record);
  const wrongParams = parameterProblem(name, spec, params);
  if (spec.mode === 'sync') {
    try {
      if (wrongParams) throw new CommandFailure(ipaErrors.commandExecution(wrongParams));
      const result = spec.run(agent, params);
      finish(record, 'SUCCEEDED', null, typeof result === 'string' ? { result } : (result ?? null));
    } catch (error) {
      // IPA records a command that raised under its full name.
      record.name = fullName;
      failed(record, error);
    }
    return record;
  }
  record.finished = runAsync(agent, record, spec, wrongParams);
  return record;
}

/** A command result as IPA serializes it (its parameters are not part of it). */
export function commandResult(command: CommandRecord) {
  return { id: command.id, command_name: command.name, command_status: command.status, command_error: command.error, command_result: command.result };
}

async function runAsync(agent: CommandAgent, record: CommandRecord, spec: CommandSpec, wrongParams: string | null): Promise<void> {
  // IPA runs it in a thread of its own: the request is answered while it runs.
  await nextTurn();
  try {
    if (wrongParams) throw new CommandFailure(ipaErrors.commandExecution(wrongParams));
    const result = await spec.run(agent, record.params);
    finish(record, 'SUCCEEDED', null, typeof result === 'string' ? { result: `${record.name}: ${result}` } : (result ?? null));
  } catch (error) {
    // A command whose agent died stays RUNNING: nobody is left to finish it.
    if (agent.stopping.aborted && !(error instanceof CommandFailure)) return;
    failed(record, error);
  }
  agent.finished();
}

function finish(record: CommandRecord, status: CommandStatus, error: RestError | null, result: unknown): void {
  record.status = status;
  record.error = error;
  record.result = result;
  record.finishedAt = new Date().toISOString();
}

/** IPA keeps its own errors as they are and wraps anything else as a `CommandExecutionError`. */
function failed(record: CommandRecord, error: unknown): void {
  if (error instanceof CommandFailure) finish(record, error.status, error.error, null);
  else finish(record, 'FAILED', ipaErrors.commandExecution((error as Error).message), null);
}

/** `execute_clean_step` and `execute_deploy_step`: the step's own result, with the step. */
async function executeStep(agent: CommandAgent, kind: 'clean' | 'deploy', given: unknown, node: unknown, recorded: unknown, extra: Record<string, unknown>) {
  if (!versionsMatch(recorded)) throw new CommandFailure(ipaErrors.versionMismatch(HARDWARE_MANAGER_VERSIONS, recorded), 'CLEAN_VERSION_MISMATCH');
  const step = given as { step?: unknown; args?: Record<string, unknown> } | null;
  if (typeof step !== 'object' || step === null || typeof step.step !== 'string') {
    throw new CommandFailure(ipaErrors.commandExecution(`Malformed ${kind}_step, no "step" key: ${JSON.stringify(given)}`));
  }
  const result = await runStep(agent, step.step, node, { ...extra, ...step.args });
  return kind === 'clean' ? { clean_result: result, clean_step: step } : { deploy_result: result, deploy_step: step };
}

/** The generic hardware manager's steps: the erase steps change the disk, `write_image` writes it, the others do nothing here. */
async function runStep(agent: CommandAgent, name: string, node: unknown, args: Record<string, unknown>): Promise<unknown> {
  const { bmc } = agent;
  switch (name) {
    case 'erase_devices':
      bmc.disk = null;
      return Object.fromEntries(simulatedInventory(bmc.index, '').inventory.disks.map((disk) => [disk.name, null]));
    case 'erase_devices_metadata':
    case 'erase_devices_express':
      // Without NVMe secure erase, the express erase wipes metadata too.
      bmc.disk = { image: bmc.disk?.image ?? null, metadataErased: true };
      return null;
    case 'write_image': {
      if (args.image_info === undefined) {
        throw new CommandFailure(ipaErrors.deployment("Unexpected exception performing deploy step write_image. TypeError: write_image() missing 1 required positional argument: 'image_info'"));
      }
      // IPA's write_image runs prepare_image and takes its result: `prepare_image: <message>`.
      return { result: `prepare_image: ${await prepareImage(agent, args.image_info as ImageInfo, args.configdrive, node)}` };
    }
    case 'create_configuration': {
      // As IPA's generic hardware manager: only software RAID is built here; the configuration
      // it built is its result, and without a software logical disk it builds nothing: `{}`.
      const target = ((node ?? {}) as { target_raid_config?: { logical_disks?: { controller?: unknown }[] } }).target_raid_config ?? {};
      return (target.logical_disks ?? []).some((disk) => disk?.controller === 'software') ? target : {};
    }
    default:
      if (STEPS.has(name)) return null;
      throw new CommandFailure(ipaErrors.methodNotFound(name));
  }
}

/** `prepare_image` on the agent's system, with its disk's rate and faults (see agent-write.ts). */
async function prepareImage(agent: CommandAgent, image: ImageInfo, configdrive: unknown, node: unknown): Promise<string> {
  const written = await writeImage(agent.bmc, image, configdrive, node, {
    ...agent.disk(),
    stopping: agent.stopping,
    die: (reason) => agent.stop(reason),
  });
  agent.state.partitionUuids = written.partitionUuids;
  return written.message;
}

/** The body of `POST /v1/commands/`: `{name, params}`, params an object. */
export function commandBody(raw: unknown): { name: string; params: Record<string, unknown> } {
  let body: { name?: unknown; params?: unknown };
  try {
    body = JSON.parse(typeof raw === 'string' ? raw : '');
  } catch (error) {
    throw new ApiRefusal(400, `400 Bad Request: Failed to decode JSON object: ${(error as Error).message}`);
  }
  const params = body?.params;
  if (typeof body?.name !== 'string' || typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new ApiRefusal(400, '400 Bad Request: Missing or invalid name or params');
  }
  return { name: body.name, params: params as Record<string, unknown> };
}

/** What Python says when a command is called with parameters its function does not take. */
function parameterProblem(name: string, spec: CommandSpec, params: Readonly<Record<string, unknown>>): string | null {
  const known = [...spec.required, ...(spec.optional ?? [])];
  const unexpected = spec.optional === null ? undefined : Object.keys(params).find((key) => !known.includes(key));
  if (unexpected) return `${name}() got an unexpected keyword argument '${unexpected}'`;
  const missing = spec.required.filter((key) => !(key in params));
  if (missing.length === 0) return null;
  const list = missing.map((key) => `'${key}'`).join(' and ');
  return `${name}() missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${list}`;
}

/** The few files a simulated ramdisk's log archive holds. */
function systemLogs({ bmc, state }: CommandAgent): Record<string, string> {
  const commands = state.commands.map((command) => `${command.startedAt} ${command.fullName} ${command.status}`).join('\n');
  return {
    journal: `ironic-python-agent ${AGENT_VERSION} (bmc-sim) booted from ${state.bootedFrom} at ${state.bootedAt}\nnode ${state.nodeUuid}\n${commands}\n`,
    ip_addr: systemMacs(bmc.index).map((mac, i) => `${i + 2}: eth${i}: <BROADCAST,MULTICAST,UP>\n    link/ether ${mac}`).join('\n'),
    lsblk: simulatedInventory(bmc.index, '').inventory.disks.map((disk) => `${disk.name} ${disk.size}`).join('\n'),
  };
}
