/** The operator verbs, as the API takes them (`deleted` is Ironic's target for undeploying). */
import { api } from './api.js';

export interface Verb {
  readonly label: string;
  /** Takes a server away from its workload or wipes it: asked to be confirmed first. */
  readonly destructive: boolean;
  readonly run: (uuid: string, reason: string) => Promise<void>;
}

const verb = (label: string, run: Verb['run'], destructive = false): Verb => ({ label, run, destructive });

export const VERBS: readonly Verb[] = [
  verb('Manage', (uuid) => api.provision(uuid, 'manage')),
  verb('Provide', (uuid) => api.provision(uuid, 'provide')),
  verb('Deploy', (uuid) => api.provision(uuid, 'active')),
  verb('Undeploy', (uuid) => api.provision(uuid, 'deleted'), true),
  verb('Power on', (uuid) => api.power(uuid, 'power on')),
  verb('Power off', (uuid) => api.power(uuid, 'power off'), true),
  verb('Reboot', (uuid) => api.power(uuid, 'rebooting'), true),
  verb('Maintenance on', (uuid, reason) => api.maintenance(uuid, true, reason.trim() || undefined)),
  verb('Maintenance off', (uuid) => api.maintenance(uuid, false)),
];

/** What the bulk bar offers besides: deleting, for nodes no longer wanted (Ironic refuses it for deployed ones). */
export const BULK_VERBS: readonly Verb[] = [...VERBS, verb('Delete', (uuid) => api.deleteNode(uuid), true)];
