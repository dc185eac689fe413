import { DEFAULT_NODE_FIELDS, type JsonObject, type Node } from '@ironledger/domain';

/** A `redfish` node for BMC `index` at `address`, as the driver tests and the benchmark use it. */
export function redfishNode(index: number, driverInfo: JsonObject): Node {
  return {
    ...DEFAULT_NODE_FIELDS,
    driver: 'redfish',
    driver_info: driverInfo,
    uuid: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    provision_state: 'manageable',
    target_provision_state: null,
    power_state: null,
    target_power_state: null,
    maintenance: false,
    maintenance_reason: null,
    fault: null,
    last_error: null,
    reservation: null,
    power_sync_failures: 0,
    clean_steps: null,
    deploy_steps: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: null,
    provision_updated_at: null,
  };
}
