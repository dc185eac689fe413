import { SetMetadata } from '@nestjs/common';
import { type Schema } from '@ironledger/domain';

const BODY_SCHEMA = 'ironledger:body-schema';

/** A request body's JSON Schema, named as the document's components name it. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: Schema;
}

/**
 * The JSON Schema a handler checks its body against itself (Ironic's order of checks decides
 * which refusal a client sees, so these bodies are not validated by a pipe): documentation only.
 */
export const BodySchema = (name: string, schema: Schema): MethodDecorator => SetMetadata(BODY_SCHEMA, { name, schema } satisfies NamedSchema);

/** The schema a handler declared with `BodySchema`, if any. */
export const bodySchemaOf = (handler: object): NamedSchema | undefined => Reflect.getMetadata(BODY_SCHEMA, handler) as NamedSchema | undefined;
