/**
 * The gateway's small error set and Ironic's error bodies. Every refusal is mapped to a status
 * here, once: domain and conductor errors by their `type`, HTTP-level errors by their status.
 */
import { type FastifyReply } from 'fastify';
import { type CommandErrorType } from '@ironledger/contracts';
import { NamedError } from '@ironledger/domain';
import { MAX_VERSION_HEADER, MIN_VERSION_HEADER, VERSION_HEADER } from './microversion.js';

/** A refusal the gateway decides itself, with the status Ironic would answer. */
export class ApiError extends NamedError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A refusal of Ironic's router, before any handler runs (a malformed node identifier, a
 * resource the version lacks, a method the resource lacks), or of a microversion gate on a whole
 * resource (`/v1/allocations` below 1.52): its body is webob's `{code, title, description}` and
 * it carries neither version headers nor a request id.
 */
export class RouterError extends ApiError {}

export const routerError = (status: number, description = ''): RouterError => new RouterError(status, description);

/** Sends a router's refusal: webob's body, without the version headers and request id set before. */
export function sendRouterError(reply: FastifyReply, error: RouterError): FastifyReply {
  for (const header of [VERSION_HEADER, MIN_VERSION_HEADER, MAX_VERSION_HEADER, 'Openstack-Request-Id', 'X-Openstack-Request-Id']) reply.removeHeader(header);
  return reply.code(error.status).header('Content-Type', 'application/json').send(versionErrorBody(error.status, error.message));
}

/** Ironic's `NotAcceptable`: a parameter or action the requested microversion does not have. */
export const notAcceptable = (message = 'Request not acceptable.'): ApiError => new ApiError(406, message);

export const badRequest = (message: string): ApiError => new ApiError(400, message);

/** HTTP status of each error `type` a domain refusal or a conductor reply can carry. */
export const STATUS_BY_ERROR_TYPE: Readonly<Record<CommandErrorType, number>> = {
  invalid_state: 400,
  invalid_parameter: 400,
  forbidden: 403,
  instance_failure: 500,
  invalid_command: 400,
  not_found: 404,
  locked: 409,
  conflict: 409,
  unavailable: 503,
  internal: 500,
  driver_failed: 500,
  stale: 409,
};

export interface HttpError {
  readonly status: number;
  readonly message: string;
}

/**
 * Errors (by name: the event store's own, and the NATS client's) meaning that the bus or the
 * event store did not answer, or not in time: nothing is wrong with the request, and it may be retried.
 */
const UNAVAILABLE_ERROR_NAMES: ReadonlySet<string> = new Set([
  'StoreUnavailableError', 'TimeoutError', 'RequestTimeout', 'NoResponders', 'RequestError', 'ConnectionError', 'ClosedConnectionError', 'DrainingConnectionError', 'JetStreamNotEnabled',
]);

/** What a client is told when the store or the bus is out of reach. */
export const STORE_UNAVAILABLE = 'The event store did not answer in time; please retry.';

/** What any thrown value means over HTTP; the message of an unexpected error is not leaked. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  if (isTypedError(error)) return { status: STATUS_BY_ERROR_TYPE[error.type], message: error.message };
  if (error instanceof Error && UNAVAILABLE_ERROR_NAMES.has(error.name)) return { status: 503, message: STORE_UNAVAILABLE };
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return { status, message: clientMessage(error, status) };
  return { status: 500, message: 'Internal Server Error' };
}

/** Ironic's error body: the fault as a JSON string inside `error_message`. */
export function errorBody(status: number, message: string): { error_message: string } {
  return { error_message: pythonJson({ faultcode: status < 500 ? 'Client' : 'Server', faultstring: message, debuginfo: null }) };
}

/** The body Ironic sends when version negotiation or routing fails (a webob error, not a fault). */
export function versionErrorBody(status: number, description: string): { error_message: string } {
  return { error_message: pythonJson({ code: status, title: WEBOB_TITLES[status] ?? 'Error', description }) };
}

const WEBOB_TITLES: Readonly<Record<number, string>> = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 406: 'Not Acceptable' };

/** Serialises a flat object the way Python's `json.dumps` does, so the inner string matches Ironic's byte for byte. */
export function pythonJson(value: Readonly<Record<string, string | number | null>>): string {
  const ascii = (text: string) => text.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `{${Object.entries(value).map(([key, v]) => `${ascii(JSON.stringify(key))}: ${ascii(JSON.stringify(v))}`).join(', ')}}`;
}

function isTypedError(error: unknown): error is { type: CommandErrorType; message: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { type, message } = error as { type?: unknown; message?: unknown };
  return typeof type === 'string' && Object.hasOwn(STATUS_BY_ERROR_TYPE, type) && typeof message === 'string';
}

/** The status carried by Nest's `HttpException`s and Fastify's errors (bad JSON, body too large, …). */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { getStatus?: () => unknown; statusCode?: unknown };
  const status = typeof candidate.getStatus === 'function' ? candidate.getStatus() : candidate.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function clientMessage(error: unknown, status: number): string {
  if (status === 404) return 'The resource could not be found.';
  if (status === 405) return 'The method specified is not allowed for this resource.';
  return error instanceof Error && error.message ? error.message : 'Bad Request';
}
