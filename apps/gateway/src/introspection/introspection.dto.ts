/**
 * The body a ramdisk posts to `POST /v1/continue` (ironic-inspector's shape), checked with
 * class-validator: the parts ironledger reads must be there with the right types and within
 * sane sizes; anything else a ramdisk sends (ironic-python-agent sends a lot) is let through.
 */
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { type IntrospectionData } from '@ironledger/domain';
import { Nested, validateNestedBody } from '../http/validation.js';

/** More interfaces or disks than any machine has: a body with more is refused. */
const MAX_DEVICES = 256;
/** Disk sizes are bytes: up to an exabyte, safely inside JavaScript's integers. */
const MAX_DISK_BYTES = 2 ** 60;

/** An optional string of at most `max` characters (`null` counts as absent). */
const optionalText =
  (max = 255): PropertyDecorator =>
  (target, property) => {
    for (const decorate of [MaxLength(max, { message: `must be at most ${max} characters long` }), IsString({ message: 'must be a string' }), IsOptional()]) {
      decorate(target, property as string);
    }
  };

export class CpuDto {
  @IsInt({ message: 'must be an integer' }) @Min(1, { message: 'must be at least 1' }) @Max(1_000_000, { message: 'is implausibly large' }) count!: number;
  @IsString({ message: 'must be a string' }) @IsNotEmpty({ message: 'must not be empty' }) @MaxLength(64, { message: 'must be at most 64 characters long' }) architecture!: string;
  @IsOptional() @IsArray({ message: 'must be a list' }) @ArrayMaxSize(1024, { message: 'lists too many flags' }) @IsString({ each: true, message: 'must be a list of strings' }) flags?: string[];
}

export class MemoryDto {
  /** IPA sends null where it could not read the size (dmidecode): the inspector then leaves `memory_mb` alone. */
  @IsOptional() @IsInt({ message: 'must be an integer (MiB)' }) @Min(1, { message: 'must be at least 1' }) physical_mb?: number | null;
  @IsOptional() @IsInt({ message: 'must be an integer (bytes)' }) @Min(0, { message: 'must not be negative' }) total?: number;
}

export class DiskDto {
  @IsString({ message: 'must be a string' }) @IsNotEmpty({ message: 'must not be empty' }) @MaxLength(255, { message: 'must be at most 255 characters long' }) name!: string;
  @IsInt({ message: 'must be an integer (bytes)' }) @Min(0, { message: 'must not be negative' }) @Max(MAX_DISK_BYTES, { message: 'is implausibly large' }) size!: number;
}

export class InterfaceDto {
  @IsString({ message: 'must be a string' }) @IsNotEmpty({ message: 'must not be empty' }) @MaxLength(255, { message: 'must be at most 255 characters long' }) name!: string;
  @optionalText(64) mac_address?: string | null;
  @optionalText(64) ipv4_address?: string | null;
  @optionalText(64) ipv6_address?: string | null;
}

export class SystemVendorDto {
  @optionalText() manufacturer?: string;
  @optionalText() product_name?: string;
  @optionalText() serial_number?: string;
}

export class BootDto {
  @optionalText(32) current_boot_mode?: string;
  @optionalText(64) pxe_interface?: string;
}

export class InventoryDto {
  @Nested(() => CpuDto, { message: 'is required and must be an object' }) cpu!: CpuDto;
  @Nested(() => MemoryDto, { message: 'is required and must be an object' }) memory!: MemoryDto;
  @IsOptional() @IsArray({ message: 'must be a list' }) @ArrayMaxSize(MAX_DEVICES, { message: `lists more than ${MAX_DEVICES} disks` }) @Nested(() => DiskDto, { each: true, message: 'must be a list of objects' }) disks?: DiskDto[];
  @IsArray({ message: 'is required and must be a list' })
  @ArrayMinSize(1, { message: 'must list at least one interface' })
  @ArrayMaxSize(MAX_DEVICES, { message: `lists more than ${MAX_DEVICES} interfaces` })
  @Nested(() => InterfaceDto, { each: true, message: 'must be a list of objects' })
  interfaces!: InterfaceDto[];
  @optionalText() bmc_address?: string | null;
  @IsOptional() @Nested(() => SystemVendorDto) system_vendor?: SystemVendorDto;
  @IsOptional() @Nested(() => BootDto) boot?: BootDto;
}

/** `POST /v1/continue`. */
export class IntrospectionDataDto {
  @Nested(() => InventoryDto, { message: 'is required and must be an object' }) inventory!: InventoryDto;
  @IsOptional() @Nested(() => DiskDto) root_disk?: DiskDto | null;
  @optionalText(64) boot_interface?: string | null;
  @optionalText(4096) error?: string | null;
}

/** The checked body as the domain's introspection data (only the parts it reads). */
export function parseIntrospectionData(body: unknown): IntrospectionData {
  const dto = validateNestedBody(IntrospectionDataDto, body, { allowUnknown: true });
  const { cpu, memory, disks, interfaces, bmc_address, system_vendor, boot } = dto.inventory;
  return {
    inventory: {
      cpu: { count: cpu.count, architecture: cpu.architecture, ...(cpu.flags && { flags: cpu.flags }) },
      memory: { physical_mb: memory.physical_mb ?? null },
      disks: (disks ?? []).map(({ name, size }) => ({ name, size })),
      interfaces: interfaces.map(({ name, mac_address, ipv4_address, ipv6_address }) => ({ name, mac_address: mac_address ?? null, ipv4_address: ipv4_address ?? null, ipv6_address: ipv6_address ?? null })),
      bmc_address: bmc_address ?? null,
      ...(system_vendor && { system_vendor: { ...pickText(system_vendor, ['manufacturer', 'product_name', 'serial_number']) } }),
      ...(boot && { boot: { ...pickText(boot, ['current_boot_mode', 'pxe_interface']) } }),
    },
    ...(dto.root_disk && { root_disk: { name: dto.root_disk.name, size: dto.root_disk.size } }),
    ...(dto.boot_interface && { boot_interface: dto.boot_interface }),
    ...(dto.error && { error: dto.error }),
  };
}

function pickText<T extends object>(value: T, keys: readonly (keyof T & string)[]): Record<string, string> {
  return Object.fromEntries(keys.filter((key) => typeof value[key] === 'string').map((key) => [key, value[key] as string]));
}
