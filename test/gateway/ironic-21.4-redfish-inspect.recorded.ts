/**
 * What Ironic 21.4.4 (Debian bookworm's 21.4.4-0+deb12u2, noauth, json-rpc, sqlite) answered when
 * it inspected systems of this project's BMC simulator through its `redfish` inspect interface
 * (`enabled_hardware_types = redfish`, `enabled_inspect_interfaces = no-inspect,redfish`, the
 * simulator's root service as `redfish_address`), for `inspect-redfish.e2e.spec.ts` to compare
 * with:
 *
 * - system 3, the node's `properties` `{"vendor": "ironledger"}`, a port made beforehand for its
 *   second MAC with `pxe_enabled: false`: its properties and ports after inspection (and the same
 *   ports after a second inspection);
 * - system 4, its first MAC a port of another node: its ports;
 * - system 2, every BMC request answered 500: the start of `last_error` (the rest is sushy's
 *   rendering of the BMC's error body) and where the node was left.
 */
export const IRONIC_REDFISH_INSPECTION = {
  inspected: {
    properties: { vendor: 'ironledger', memory_mb: '65536', cpus: 32, cpu_arch: 'x86_64', local_gb: '119', capabilities: 'boot_mode:uefi' },
    last_error: null,
    ports: [
      { address: '52:54:00:00:00:03', pxe_enabled: true },
      { address: '52:54:01:00:00:03', pxe_enabled: false },
    ],
  },
  otherNodesMac: {
    ports: [{ address: '52:54:01:00:00:04', pxe_enabled: true }],
    holderPorts: [{ address: '52:54:00:00:00:04', pxe_enabled: true }],
  },
  bmcFailing: { provision_state: 'inspect failed', target_provision_state: 'manageable', lastErrorStart: 'Unexpected exception of type ServerSideError: HTTP GET ', ports: [] },
} as const;
