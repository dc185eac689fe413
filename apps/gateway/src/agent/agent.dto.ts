import { type Schema } from '@ironledger/domain';
import { type ArgSpec } from '../http/args.js';

/** `POST /v1/heartbeat/{node}`: Ironic checks it with its argument layer, in this order. */
export const HEARTBEAT_ARGS: ArgSpec = {
  callback_url: { kind: 'string', required: true },
  agent_version: { kind: 'string' },
  agent_token: { kind: 'string' },
  agent_verify_ca: { kind: 'string' },
  agent_status: { kind: 'string' },
  agent_status_message: { kind: 'string' },
};

/** A heartbeat as checked by `HEARTBEAT_ARGS` (a member given as JSON `null` counts as absent). */
export interface Heartbeat {
  readonly callback_url: string;
  readonly agent_version?: string | null;
  readonly agent_token?: string | null;
  readonly agent_verify_ca?: string | null;
  readonly agent_status?: string | null;
  readonly agent_status_message?: string | null;
}

/** The same, for the API document. */
export const HEARTBEAT_SCHEMA: Schema = {
  type: 'object',
  properties: Object.fromEntries(Object.keys(HEARTBEAT_ARGS).map((name) => [name, { type: ['string', 'null'] }])),
  required: ['callback_url'],
  additionalProperties: false,
};
