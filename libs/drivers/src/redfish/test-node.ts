import { type JsonObject, newNode, type Node } from '@ironledger/domain';

/** A `redfish` node for the BMC of `driverInfo`, numbered `index`: what driver tests and benchmarks point at a simulated BMC. */
export function redfishNode(index: number, driverInfo: JsonObject): Node {
  return newNode(`00000000-0000-4000-8000-${String(index).padStart(12, '0')}`, '2026-01-01T00:00:00Z', {
    provision_state: 'manageable',
    driver: 'redfish',
    driver_info: driverInfo,
  });
}
