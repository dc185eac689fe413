import { IsObject, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { type JsonObject, pythonRepr } from '@ironledger/domain';

/** `POST /v1/chassis`. */
export class CreateChassisDto {
  @IsOptional() @IsUUID('all', { message: ({ value }) => `Expected UUID for uuid: ${String(value)}` }) uuid?: string | null;
  @IsOptional() @IsString({ message: ({ value }) => `Schema error for chassis: ${pythonRepr(value)} is not of type 'string', 'null'` }) @MaxLength(255, { message: ({ value }) => `Schema error for chassis: '${String(value)}' is too long` }) description?: string | null;
  @IsOptional() @IsObject({ message: ({ value }) => `Schema error for chassis: ${pythonRepr(value)} is not of type 'object', 'null'` }) extra?: JsonObject | null;
}
