/** What node requests are checked against besides the node itself: the chassis and the conductors. */
import { type Member } from '@ironledger/bus';
import { badRequest } from '../http/errors.js';

export interface FleetFacts {
  readonly chassisExists: (uuid: string) => boolean;
  /** The conductors heard from, with the group and hardware types each serves. */
  readonly conductors: readonly Member[];
}

/**
 * Ironic's routing check (`get_topic_for`): a live conductor must serve the driver in the node's
 * conductor group (compared as given), else 400 NoValidHost. With no conductor alive at all the
 * request goes on, and the command is answered as unavailable.
 */
export function checkConductorServes(conductors: readonly Member[], driver: string, group: string): void {
  const alive = conductors.filter((member) => member.alive);
  if (alive.length === 0 || alive.some((member) => member.group === group && member.drivers.includes(driver))) return;
  throw badRequest(`No valid host was found. Reason: No conductor service registered which supports driver ${driver} for conductor group "${group}".`);
}
