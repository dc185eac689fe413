import { type Json, type Node } from '@ironledger/domain';

/**
 * The mode the node boots its deployment in, as Ironic's `get_boot_mode` reads it: the
 * instance's capabilities (secure boot means UEFI), its `deploy_boot_mode`, the node's
 * capabilities, else UEFI (Ironic's `[deploy]default_boot_mode`). Pure.
 */
export function deployBootMode(node: Node): string {
  const instance = node.instance_info;
  if (capability(instance.capabilities, 'secure_boot') === 'true') return 'uefi';
  return capability(instance.capabilities, 'boot_mode') ?? (typeof instance.deploy_boot_mode === 'string' ? instance.deploy_boot_mode : undefined) ?? capability(node.properties.capabilities, 'boot_mode') ?? 'uefi';
}

/** One entry of a `k:v,k:v` capabilities string or object, as Ironic keeps `capabilities`. */
export function capability(capabilities: Json | undefined, name: string): string | undefined {
  if (typeof capabilities === 'object' && capabilities !== null && !Array.isArray(capabilities)) {
    const value = capabilities[name];
    return typeof value === 'string' ? value : undefined;
  }
  if (typeof capabilities !== 'string') return undefined;
  return capabilities.split(',').map((pair) => pair.split(':')).find(([key]) => key?.trim() === name)?.[1]?.trim();
}
