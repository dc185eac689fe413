import { type MediaServerOptions, type RamdiskImageDefaults } from '../boot/index.js';

/** How a conductor provisions through the ramdisk agent (Ironic's `[agent]`, `[deploy]` and `[conductor]` ramdisk settings). */
export interface AgentOptions {
  /** The API as a booted ramdisk reaches it (handed to PXE-booted ramdisks as `ipa-api-url`). */
  readonly apiUrl?: string;
  /** The ramdisk images of nodes whose `driver_info` names none. */
  readonly images?: RamdiskImageDefaults;
  /** Automated cleaning's priorities over the agent's, by step name (e.g. `erase_devices: 10`). */
  readonly cleanStepPriorities?: Readonly<Record<string, number>>;
  /** How long one agent command may take to answer (Ironic's `[agent] command_timeout`). */
  readonly commandTimeoutMs?: number;
  /** Where the conductor serves the configuration floppies of virtual-media boots (VMEDIA_SERVER_HOST, _PORT, _URL). */
  readonly mediaServer?: MediaServerOptions;
}

/** Ironic's default API endpoint, where ramdisks look nodes up unless told otherwise. */
export const DEFAULT_RAMDISK_API_URL = 'http://127.0.0.1:6385';
