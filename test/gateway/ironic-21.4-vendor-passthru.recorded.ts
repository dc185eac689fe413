/**
 * Answers of Ironic 21.4.4 (Debian bookworm's 21.4.4-0+deb12u2, noauth, json-rpc, sqlite, the
 * configuration of `ironic-21.4-interfaces.recorded.ts`) to vendor passthru requests on `ipmi`
 * nodes with the `ipmitool` vendor interface (and one with `no-vendor`):
 *
 * - `IRONIC_VENDOR_METHODS`: `GET /v1/nodes/{node}/vendor_passthru/methods`;
 * - `IRONIC_VENDOR_CASES`: calls Ironic refuses before it answers, each asked of the node named
 *   (created as the spec's `IRONIC_VENDOR_NODES` say), `path` following `vendor_passthru`, the
 *   answer being the refusal's `faultstring`.
 *
 * Accepted calls were answered 202 with an empty body against ipmi_sim (`send_raw` of Chassis
 * Control "power up" powered it on; a `bmc_reset` with `warm: false` reset it cold), and a
 * failing one (`bmc_reset` warm, which ipmi_sim refuses) showed `last_error` null when read. Ironic
 * 21.4's conductor writes `Async execution of bmc_reset failed with error: IPMI call failed: bmc
 * reset warm.` to a null `last_error` once the worker of an async vendor method ends with an error
 * (`TaskManager._write_exception`), as the redfish recording shows for `eject_vmedia`; the null was
 * most likely read before that worker had ended, and the project follows the code.
 */
export interface RecordedVendorCase {
  readonly name: string;
  readonly node: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
  readonly answer: string;
}

export const IRONIC_VENDOR_METHODS: Record<string, unknown> = {
  "bmc_reset": {
    "http_methods": [
      "POST"
    ],
    "async": true,
    "description": "Reset the BMC. Required argument: 'warm' (Boolean) - for warm (True) or cold (False) reset.",
    "attach": false,
    "require_exclusive_lock": true
  },
  "send_raw": {
    "http_methods": [
      "POST"
    ],
    "async": true,
    "description": "Send raw bytes to the BMC. Required argument: 'raw_bytes' - a string of raw bytes (e.g. '0x00 0x01').",
    "attach": false,
    "require_exclusive_lock": true
  }
};

export const IRONIC_VENDOR_CASES: RecordedVendorCase[] = [
  {
    "name": "GET send_raw",
    "node": "vendor-ipmi",
    "method": "GET",
    "path": "/send_raw",
    "body": null,
    "status": 400,
    "answer": "The method send_raw does not support HTTP GET"
  },
  {
    "name": "POST send_raw without raw_bytes",
    "node": "vendor-ipmi",
    "method": "POST",
    "path": "/send_raw",
    "body": {},
    "status": 400,
    "answer": "Parameter raw_bytes (string of bytes) was not specified."
  },
  {
    "name": "POST send_raw with empty raw_bytes",
    "node": "vendor-ipmi",
    "method": "POST",
    "path": "/send_raw",
    "body": {
      "raw_bytes": ""
    },
    "status": 400,
    "answer": "Parameter raw_bytes (string of bytes) was not specified."
  },
  {
    "name": "POST an unknown method",
    "node": "vendor-ipmi",
    "method": "POST",
    "path": "/reset_bmc",
    "body": {},
    "status": 400,
    "answer": "No handler for method reset_bmc"
  },
  {
    "name": "PUT bmc_reset",
    "node": "vendor-ipmi",
    "method": "PUT",
    "path": "/bmc_reset",
    "body": {},
    "status": 400,
    "answer": "The method bmc_reset does not support HTTP PUT"
  },
  {
    "name": "DELETE bmc_reset in the query",
    "node": "vendor-ipmi",
    "method": "DELETE",
    "path": "?method=bmc_reset",
    "body": null,
    "status": 400,
    "answer": "The method bmc_reset does not support HTTP DELETE"
  },
  {
    "name": "bmc_reset without ipmi_address",
    "node": "vendor-no-address",
    "method": "POST",
    "path": "/bmc_reset",
    "body": {},
    "status": 400,
    "answer": "Missing the following IPMI credentials in node's driver_info: ['ipmi_address']."
  },
  {
    "name": "send_raw without raw_bytes nor ipmi_address",
    "node": "vendor-no-address",
    "method": "POST",
    "path": "/send_raw",
    "body": {},
    "status": 400,
    "answer": "Parameter raw_bytes (string of bytes) was not specified."
  },
  {
    "name": "send_raw on no-vendor",
    "node": "vendor-none",
    "method": "POST",
    "path": "/send_raw",
    "body": {
      "raw_bytes": "0x06 0x01"
    },
    "status": 400,
    "answer": "No handler for method send_raw"
  }
];
