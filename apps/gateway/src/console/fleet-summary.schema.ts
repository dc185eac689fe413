/**
 * The JSON Schema of `GET /v1/fleet`, the counts the console's overview shows. The API document
 * describes the response with it; tests check real responses against it.
 */
import { POWER_STATES, PROVISION_STATES, type Schema } from '@ironledger/domain';

const counts = (keys: readonly string[]) => ({ type: 'object', properties: Object.fromEntries(keys.map((key) => [key, { type: 'integer', minimum: 0 }])), required: [...keys], additionalProperties: false });

export const FLEET_SUMMARY_SCHEMA: Schema = {
  type: 'object',
  properties: {
    position: { type: 'integer', description: 'The log position the counts are at (the read model’s now, or the last event folded in for `at`).' },
    since: { type: ['string', 'null'], format: 'date-time', description: 'When the log’s first event happened: the earliest instant worth asking `at` for.' },
    nodes: { type: 'integer', minimum: 0 },
    provision_state: { ...counts(PROVISION_STATES), description: 'Every provision state, zeros included.' },
    power_state: { ...counts([...POWER_STATES, 'null']), description: '`null`: never read from a BMC.' },
    maintenance: { type: 'integer', minimum: 0 },
    fault: { type: 'object', additionalProperties: { type: 'integer', minimum: 1 }, description: 'The faults nodes are in, only those some node is in.' },
  },
  required: ['position', 'since', 'nodes', 'provision_state', 'power_state', 'maintenance', 'fault'],
  additionalProperties: false,
};
