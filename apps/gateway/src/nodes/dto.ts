/**
 * Bodies of a node's actions as class-validator classes. Each class lists every property it
 * accepts: any other property is refused (Ironic's schemas forbid additional properties too).
 * Node bodies themselves are checked against Ironic's JSON schemas (`node-schema.ts`).
 */
import { Allow, IsArray, IsInt, IsObject, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { type Json, type JsonObject } from '@ironledger/domain';

/** `PUT /v1/nodes/{id}/states/provision`. */
export class ProvisionActionDto {
  @IsString({ message: "'target' is a required property and must be a string" }) target!: string;
  @IsOptional() @IsArray() @IsObject({ each: true, message: 'clean_steps must be a list of objects' }) clean_steps?: JsonObject[];
  @IsOptional() @IsArray() @IsObject({ each: true, message: 'deploy_steps must be a list of objects' }) deploy_steps?: JsonObject[];
  /** A config drive (a string or, from 1.56, an object), kept in the node's `instance_info.configdrive`. */
  @Allow() configdrive?: Json;
  @IsOptional() @IsString() rescue_password?: string;
  /** Manual cleaning without the ramdisk (1.70): a boolean, or one of oslo's words for one. */
  @Allow() disable_ramdisk?: Json;
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
