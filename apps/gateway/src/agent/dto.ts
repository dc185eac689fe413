import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `POST /v1/heartbeat/{node}` from a ramdisk agent. */
export class HeartbeatDto {
  @IsString({ message: "'callback_url' is a required property and must be a string" }) @MaxLength(2048) callback_url!: string;
  @IsOptional() @IsString() agent_version?: string;
  @IsOptional() @IsString() agent_token?: string;
  @IsOptional() @IsString() agent_verify_ca?: string;
  @IsOptional() @IsString() agent_status?: string;
  @IsOptional() @IsString() agent_status_message?: string;
}
