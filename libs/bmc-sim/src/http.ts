/** What the Redfish and control routes share: their path parameters and how they answer. */
import { type FastifyReply, type FastifyRequest } from 'fastify';

export interface Params {
  n?: string;
  e?: string;
  id?: string;
  sid?: string;
  /** An event subscription's id. */
  sub_id?: string;
  registry?: string;
  file?: string;
  slot?: string;
  /** Below a system: the kind of hardware (`Processors`, …) and an item. */
  kind?: string;
  item?: string;
  storage?: string;
  drive?: string;
  volume?: string;
  task?: string;
}

export type Req = FastifyRequest<{ Params: Params }>;

/** The 1-based index a path parameter names (`7`, never `07`), or 0 when it names none of `count`. */
export function indexIn(param: string | undefined, count: number): number {
  const index = Number(param);
  return Number.isInteger(index) && index >= 1 && index <= count && String(index) === param ? index : 0;
}

/** Sends a JSON body with the OData header; a garbled BMC cuts the body short. */
export function sendJson(reply: FastifyReply, status: number, body: unknown, garbled = false): FastifyReply {
  const text = JSON.stringify(body);
  return reply
    .code(status)
    .header('OData-Version', '4.0')
    .type('application/json; charset=utf-8')
    .send(garbled ? text.slice(0, Math.max(1, text.length >> 1)) : text);
}

/** Answers without a body (204 unless told otherwise), still with the OData header. */
export function sendEmpty(reply: FastifyReply, status = 204): void {
  reply.code(status).header('OData-Version', '4.0').send();
}
