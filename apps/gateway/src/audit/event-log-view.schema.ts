/**
 * The JSON Schemas of the event log as the audit endpoints show it: a page of a resource's
 * events (`GET /v1/nodes/{ident}/events`, `GET /v1/{collection}/{uuid}/events`) and the live
 * stream's media type. The API document describes responses with them; tests check real
 * responses against them.
 */
import { RESOURCE_KINDS } from '@ironledger/contracts';
import { ALLOCATION_EVENT_TYPES, CHASSIS_EVENT_TYPES, DEPLOY_TEMPLATE_EVENT_TYPES, NODE_EVENT_TYPES, type Schema } from '@ironledger/domain';

/** One event as the log holds it, its secrets masked: what a subscriber receives, with its stream revision and when it was stored. */
const LOGGED_EVENT_SCHEMA: Schema = {
  type: 'object',
  properties: {
    position: { type: 'integer', minimum: 1, description: 'The event’s position in the whole log: the checkpoint to read on after (`after`, `Last-Event-ID`).' },
    kind: { type: 'string', enum: [...RESOURCE_KINDS] },
    type: { type: 'string', enum: [...new Set([...NODE_EVENT_TYPES, ...CHASSIS_EVENT_TYPES, ...ALLOCATION_EVENT_TYPES, ...DEPLOY_TEMPLATE_EVENT_TYPES])] },
    data: { type: 'object', description: 'What the event records (its type decides the fields); secrets are masked.' },
    meta: { type: 'object', description: 'Who asked (`actor`), why (`reason`), the request and correlation ids, when (`at`), and the resource’s UUID.' },
    revision: { type: 'integer', minimum: 0, description: 'The event’s revision in its resource’s own stream, from 0.' },
    recorded_at: { type: 'string', format: 'date-time' },
  },
  required: ['position', 'kind', 'type', 'data', 'meta', 'revision', 'recorded_at'],
  additionalProperties: false,
};

/** A page of one resource's events, oldest first, with a link to the next page when there is more. */
export const EVENT_PAGE_SCHEMA: Schema = {
  type: 'object',
  properties: {
    events: { type: 'array', items: { $ref: '#/definitions/LoggedEvent' } },
    next: { type: 'string', format: 'uri', description: 'The next page, when the log holds more after this one.' },
  },
  required: ['events'],
  additionalProperties: false,
  definitions: { LoggedEvent: LOGGED_EVENT_SCHEMA },
};

/** `GET /v1/events`: server-sent events, each `id:` its position and `data:` one event as JSON (the fields of a logged event but its revision and time). */
export const EVENT_STREAM_SCHEMA: Schema = {
  type: 'string',
  description: 'A `text/event-stream`: each event is `id: <position>`, `event: <type>` and `data: {"position", "kind", "type", "data", "meta"}`.',
};
