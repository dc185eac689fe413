/**
 * What the OpenAPI document says of an operation that its route and parameter decorators cannot
 * tell: the body it answers with and the query parameters it reads. Declared beside the code that
 * builds the body and reads the query, so the document is generated from what serves the API.
 */
import { SetMetadata } from '@nestjs/common';
import { type Schema } from '@ironledger/domain';

const RESPONSE_BODY = 'ironledger:response-body';
const QUERY_PARAMETERS = 'ironledger:query-parameters';
const ONLY_REFUSES = 'ironledger:only-refuses';

/** A success response's body: its JSON Schema, named as the document's components name it, and its media type. */
export interface NamedResponse {
  readonly name: string;
  readonly schema: Schema;
  readonly mediaType: string;
}

/** A query parameter a handler reads. */
export interface QueryParameter {
  readonly name: string;
  readonly description: string;
  /** Its value's schema (a query value is text: a boolean is one of Ironic's words for one). */
  readonly schema: Schema;
  /** The minor microversion from which it is accepted (the gateway refuses it below, as Ironic does). */
  readonly since?: number;
}

/** The body a handler answers with on success. */
export const ResponseBody = (name: string, schema: Schema, mediaType = 'application/json'): MethodDecorator =>
  SetMetadata(RESPONSE_BODY, { name, schema, mediaType } satisfies NamedResponse);

/** The response body a handler declared with `ResponseBody`, if any. */
export const responseBodyOf = (handler: object): NamedResponse | undefined => Reflect.getMetadata(RESPONSE_BODY, handler) as NamedResponse | undefined;

/**
 * A handler that answers only refusals, with these statuses: a spelling Ironic's router reaches
 * only to refuse it (a legacy path without its node, a method its controller lacks, a resource
 * not reachable under its parent). Its operation is documented without a success response.
 */
export const OnlyRefuses = (...statuses: number[]): MethodDecorator => SetMetadata(ONLY_REFUSES, statuses);

/** The statuses a handler declared with `OnlyRefuses`, or `undefined` for a handler that can succeed. */
export const onlyRefusesWith = (handler: object): readonly number[] | undefined => Reflect.getMetadata(ONLY_REFUSES, handler) as readonly number[] | undefined;

/** The query parameters a handler reads from its whole query (`@Query()`), which no parameter decorator names. */
export const QueryParameters = (parameters: readonly QueryParameter[]): MethodDecorator => SetMetadata(QUERY_PARAMETERS, parameters);

/** The query parameters a handler declared with `QueryParameters` (none when it declared none). */
export const queryParametersOf = (handler: object): readonly QueryParameter[] => (Reflect.getMetadata(QUERY_PARAMETERS, handler) as readonly QueryParameter[] | undefined) ?? [];

/** Schemas of Ironic's query arguments, as a generated client sends them (the gateway also takes Ironic's other spellings). */
export const QUERY_VALUE = {
  /** `args.boolean`: `true`/`false`, or any of oslo's words for them (`1`, `yes`, `on`, `t`, `y`, …, in any case). */
  boolean: { type: 'boolean' },
  uuid: { type: 'string', format: 'uuid' },
  string: { type: 'string' },
  /** Comma-separated names. */
  list: { type: 'string' },
  integer: { type: 'integer' },
} as const satisfies Record<string, Schema>;
