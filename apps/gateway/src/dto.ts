/**
 * Request bodies as class-validator classes. Each class lists every property it accepts: any
 * other property is refused (Ironic's schemas forbid additional properties too).
 */
import {
  Allow,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  type ValidationOptions,
} from 'class-validator';
import { type Json, type JsonObject } from '@ironledger/domain';

const UUID_LIKE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** Path segments of `/v1/nodes/…` that cannot be node names. */
const RESERVED_NAMES = ['detail', 'validate'];

/** Present means not null; absent is fine. (`IsOptional` would let `null` through.) */
const NotNull = () => ValidateIf((_object, value) => value !== undefined);

/**
 * Ironic's node name rules: RFC 3986 unreserved characters only, at most 255 of them, not
 * UUID-like (a name must not be mistaken for a UUID), and not a word the URL space reserves.
 */
export function isValidNodeName(name: unknown): boolean {
  return (
    typeof name === 'string' && name.length <= 255 && /^[A-Za-z0-9\-._~]+$/.test(name) && !UUID_LIKE.test(name) && !RESERVED_NAMES.includes(name.toLowerCase())
  );
}

function IsNodeName(options?: ValidationOptions) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: 'isNodeName',
      target: target.constructor,
      propertyName,
      options: { message: ({ value }) => `Cannot use invalid name '${String(value)}' for a node: names are made of letters, digits and -._~, must not look like a UUID, and must not be ${RESERVED_NAMES.join(' or ')}.`, ...options },
      validator: { validate: (value: unknown) => value === null || isValidNodeName(value) },
    });
}

/** The operator-owned node fields, as registration and updates accept them. */
export class NodeFieldsDto {
  @IsOptional() @IsNodeName() name?: string | null;
  @NotNull() @IsObject({ message: 'driver_info must be an object' }) driver_info?: JsonObject;
  @NotNull() @IsObject({ message: 'properties must be an object' }) properties?: JsonObject;
  @NotNull() @IsObject({ message: 'extra must be an object' }) extra?: JsonObject;
  @NotNull() @IsObject({ message: 'instance_info must be an object' }) instance_info?: JsonObject;
  @IsOptional() @IsUUID('all', { message: ({ value }) => `Expected a UUID for instance_uuid but received ${JSON.stringify(value)}.` }) instance_uuid?: string | null;
  @IsOptional() @IsBoolean() automated_clean?: boolean | null;
  @IsOptional() @IsString() @MaxLength(4096) description?: string | null;
  @IsOptional() @IsString() @MaxLength(80) resource_class?: string | null;
  @IsOptional() @IsString() @MaxLength(255) owner?: string | null;
  @IsOptional() @IsString() @MaxLength(255) lessee?: string | null;
  @NotNull() @IsBoolean() protected?: boolean;
  @IsOptional() @IsString() @MaxLength(255) protected_reason?: string | null;
  @NotNull() @IsBoolean() retired?: boolean;
  @IsOptional() @IsString() @MaxLength(255) retired_reason?: string | null;
  @NotNull() @IsString() @MaxLength(255) @Matches(/^[a-zA-Z0-9_.:-]*$/, { message: 'conductor_group may only contain letters, digits and _.:-' }) conductor_group?: string;
}

/** `POST /v1/nodes`. */
export class CreateNodeDto extends NodeFieldsDto {
  @IsString({ message: "'driver' is a required property and must be a string" }) @IsNotEmpty() @MaxLength(255) driver!: string;
  @IsOptional() @IsUUID('all', { message: ({ value }) => `Expected a UUID but received ${JSON.stringify(value)}.` }) uuid?: string;
}

/** The node fields a PATCH ends up changing, checked like a registration. */
export class NodeChangesDto extends NodeFieldsDto {
  @NotNull() @IsString() @IsNotEmpty() @MaxLength(255) driver?: string;
}

/** `PUT /v1/nodes/{id}/states/provision`. */
export class ProvisionActionDto {
  @IsString({ message: "'target' is a required property and must be a string" }) target!: string;
  @IsOptional() @IsArray() @IsObject({ each: true, message: 'clean_steps must be a list of objects' }) clean_steps?: JsonObject[];
  @IsOptional() @IsArray() @IsObject({ each: true, message: 'deploy_steps must be a list of objects' }) deploy_steps?: JsonObject[];
  /** A config drive (a string or, from 1.56, an object); accepted but not kept: the fake deploy does not use one. */
  @Allow() configdrive?: Json;
  @IsOptional() @IsString() rescue_password?: string;
}

/** `PUT /v1/nodes/{id}/states/power`. */
export class PowerActionDto {
  @IsString({ message: "'target' is a required property and must be a string" }) target!: string;
  @IsOptional() @IsInt({ message: ({ value }) => `Invalid timeout value ${JSON.stringify(value)}. The timeout must be a positive integer (seconds).` }) @Min(1, { message: ({ value }) => `Invalid timeout value ${JSON.stringify(value)}. The timeout must be a positive integer (seconds).` }) timeout?: number;
}

/** `PUT /v1/nodes/{id}/maintenance`. */
export class MaintenanceDto {
  @IsOptional() @IsString() @MaxLength(255) reason?: string | null;
}

/** `POST /v1/heartbeat/{node}` from a ramdisk agent. */
export class HeartbeatDto {
  @IsString({ message: "'callback_url' is a required property and must be a string" }) @MaxLength(2048) callback_url!: string;
  @IsOptional() @IsString() agent_version?: string;
  @IsOptional() @IsString() agent_token?: string;
  @IsOptional() @IsString() agent_verify_ca?: string;
  @IsOptional() @IsString() agent_status?: string;
  @IsOptional() @IsString() agent_status_message?: string;
}

/** `POST /v1/ports` (the MAC is checked by the domain: Ironic's "Expected a MAC address" 400). */
export class CreatePortDto {
  @IsUUID('all', { message: ({ value }) => `Expected a UUID for node_uuid but received ${JSON.stringify(value)}.` }) node_uuid!: string;
  @IsString({ message: "'address' is a required property and must be a string" }) @MaxLength(64) address!: string;
  @IsOptional() @IsUUID('all', { message: ({ value }) => `Expected a UUID but received ${JSON.stringify(value)}.` }) uuid?: string;
  @NotNull() @IsObject({ message: 'extra must be an object' }) extra?: JsonObject;
  @NotNull() @IsObject({ message: 'local_link_connection must be an object' }) local_link_connection?: JsonObject;
  @NotNull() @IsBoolean({ message: 'pxe_enabled must be a boolean' }) pxe_enabled?: boolean;
  @IsOptional() @IsString() @MaxLength(64) physical_network?: string | null;
  @NotNull() @IsBoolean({ message: 'is_smartnic must be a boolean' }) is_smartnic?: boolean;
}
