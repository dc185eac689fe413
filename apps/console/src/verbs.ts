/** The operator verbs, as the API takes them (`deleted` is Ironic's target for undeploying). */
import { api } from './api.js';

export interface Verb {
  readonly label: string;
  /** Takes a server away from its workload or wipes it: asked to be confirmed first. */
  readonly destructive: boolean;
  readonly run: (uuid: string, reason: string) => Promise<void>;
  /** The dialog that asks for the verb's arguments first (on one node). */
  readonly dialog?: 'deploy' | 'clean' | 'rescue';
  /** Removes the node: once accepted, the node is gone (and leaves a selection). */
  readonly removes?: boolean;
}

const verb = (label: string, run: Verb['run'], destructive = false, dialog?: Verb['dialog']): Verb => ({ label, run, destructive, dialog });

export const VERBS: readonly Verb[] = [
  verb('Manage', (uuid) => api.provision(uuid, 'manage')),
  verb('Provide', (uuid) => api.provision(uuid, 'provide')),
  verb('Deploy', (uuid) => api.provision(uuid, 'active'), false, 'deploy'),
  verb('Undeploy', (uuid) => api.provision(uuid, 'deleted'), true),
  verb('Clean', (uuid) => api.provision(uuid, 'clean'), true, 'clean'),
  verb('Rescue', (uuid) => api.provision(uuid, 'rescue'), false, 'rescue'),
  verb('Unrescue', (uuid) => api.provision(uuid, 'unrescue')),
  verb('Power on', (uuid) => api.power(uuid, 'power on')),
  verb('Power off', (uuid) => api.power(uuid, 'power off'), true),
  verb('Reboot', (uuid) => api.power(uuid, 'rebooting'), true),
  verb('Maintenance on', (uuid, reason) => api.maintenance(uuid, true, reason.trim() || undefined)),
  verb('Maintenance off', (uuid) => api.maintenance(uuid, false)),
];

/**
 * What the bulk bar offers: the verbs that need no arguments of each node (deploy uses each
 * node's own instance_info), and deleting, for nodes no longer wanted (Ironic refuses it for deployed ones).
 */
export const BULK_VERBS: readonly Verb[] = [...VERBS.filter((one) => one.dialog !== 'clean' && one.dialog !== 'rescue'), { ...verb('Delete', (uuid) => api.deleteNode(uuid), true), removes: true }];
