/**
 * The ramdisk agent (ironic-python-agent) as the node knows it: the secret token handed out at
 * look-up, and where the agent said it listens. Both belong to one boot of the ramdisk: they
 * are forgotten when the node leaves the states in which a ramdisk may run (`evolve`), or when
 * the conductor restarts the ramdisk.
 */
import { type ProvisionState } from './states.js';

export interface AgentInfo {
  /** The secret the agent must send with every heartbeat, and the conductor with every command. */
  readonly token: string | null;
  /** The agent's command API (its heartbeat's `callback_url`). */
  readonly url: string | null;
  readonly version: string | null;
  /** When the agent last heartbeat (ISO 8601). */
  readonly last_heartbeat: string | null;
}

export const NO_AGENT: AgentInfo = { token: null, url: null, version: null, last_heartbeat: null };

/** Heartbeats in these states are recorded and move nothing: the conductor works on the node. */
export const HEARTBEAT_RECORDED_STATES: ReadonlySet<ProvisionState> = new Set<ProvisionState>(['deploying', 'cleaning', 'rescuing']);

/** Ironic's words for heartbeat refusals. */
export const AGENT_TEXT = {
  tokenInvalid: 'Invalid or missing agent token received.',
  tokenMissing: 'Agent token is required for heartbeat processing.',
  noVersion: 'Agent did not transmit a version, and a version is required. Please update the agent being used.',
  urlChanged: 'Detected change in ramdisk provided "callback_url"',
  statusInvalid: 'Agent status is invalid. Valid states are start,end,error.',
} as const;

/** The states an agent may report (the anaconda ramdisk reports them). */
export const AGENT_STATUSES: readonly string[] = ['start', 'end', 'error'];

/** What `driver_internal_info` shows of the token: never the secret itself. */
export const MASKED_TOKEN = '******';
