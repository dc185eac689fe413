/** The steps of a manual clean, as the clean dialog builds them. */

/** Manual clean steps operators pick most (Ironic's interface and step names). */
export const COMMON_STEPS = [
  ['deploy', 'erase_devices_metadata', 'Erase the disks’ metadata'],
  ['deploy', 'erase_devices', 'Erase the disks'],
  ['bios', 'factory_reset', 'Reset the BIOS to factory settings'],
  ['raid', 'delete_configuration', 'Delete the RAID configuration'],
] as const;

/** The clean steps chosen, then any given as JSON (a list of Ironic's step objects). */
export function cleanSteps(chosen: ReadonlySet<string>, extra: string): unknown[] {
  const picked = COMMON_STEPS.filter(([iface, step]) => chosen.has(`${iface}.${step}`)).map(([iface, step]) => ({ interface: iface, step }));
  const more = extra.trim() === '' ? [] : (JSON.parse(extra) as unknown);
  if (!Array.isArray(more)) throw new Error('Other steps are a JSON list of steps, e.g. [{"interface": "bios", "step": "apply_configuration", "args": {…}}]');
  return [...picked, ...more];
}
