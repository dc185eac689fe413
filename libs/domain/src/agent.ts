/**
 * The ramdisk agent (ironic-python-agent) as the node knows it: the secret token handed out at
 * look-up, and where the agent said it listens. Both belong to one boot of the ramdisk: they
 * are forgotten when the node leaves the states in which a ramdisk may run (`evolve`), or when
 * the conductor restarts the ramdisk.
 */
import { type Node } from './node.js';
import { pythonRepr } from './python.js';
import { type ProvisionState } from './states.js';

export interface AgentInfo {
  /** The secret the agent must send with every heartbeat, and the conductor with every command. */
  readonly token: string | null;
  /** The agent's command API (its heartbeat's `callback_url`). */
  readonly url: string | null;
  readonly version: string | null;
  /** When the agent last heartbeat (ISO 8601). */
  readonly last_heartbeat: string | null;
  /**
   * Whether the conductor made the token before booting the ramdisk and handed it over on the
   * boot medium (virtual media), rather than a look-up getting it (Ironic's `agent_secret_token_pregenerated`).
   */
  readonly pregenerated?: boolean;
}

export const NO_AGENT: AgentInfo = { token: null, url: null, version: null, last_heartbeat: null };

/** Heartbeats in these states move nothing (the conductor works on the node); the first of each stay is recorded (`recordAgentHeartbeat`). */
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

/**
 * Why a node waiting for its ramdisk (`WAITING_STATES`) failed when no callback came in time, in
 * Ironic's words for each wait: the clean wait names the step it was on (Ironic's `clean_step`).
 */
export function callbackTimeoutError(node: Pick<Node, 'uuid' | 'provision_state' | 'step_run'>): string {
  switch (node.provision_state) {
    case 'clean wait': {
      const run = node.step_run;
      const step = run?.kind === 'clean' && run.index !== null ? run.steps[run.index] : undefined;
      return `Timeout reached while cleaning the node. Please check if the ramdisk responsible for the cleaning is running on the node. Failed on step ${pythonRepr(step ?? {})}.`;
    }
    case 'rescue wait':
      return 'Timeout reached while waiting for rescue ramdisk callback for node';
    case 'inspect wait':
      return 'timeout reached while inspecting the node';
    default:
      return `Timeout reached while waiting for callback for node ${node.uuid}`;
  }
}
