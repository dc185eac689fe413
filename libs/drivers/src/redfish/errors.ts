import { DriverError } from '../driver.js';

/**
 * Why talking to a Redfish BMC failed, to switch on (retry, alert, or ask the operator):
 * - `invalid-config`: `driver_info` cannot work (missing or malformed keys, ambiguous system);
 * - `unreachable`: no HTTP exchange happened (refused, reset, unknown host);
 * - `tls`: the BMC's certificate could not be verified;
 * - `timeout`: one request got no complete answer in time (a hanging BMC);
 * - `auth`: the BMC refused the credentials (HTTP 401/403);
 * - `not-found`: the resource is not there (HTTP 404, or no ComputerSystem);
 * - `server`: the BMC failed (HTTP 5xx);
 * - `rejected`: the BMC refused the request (another HTTP 4xx);
 * - `malformed`: the answer is not the JSON resource Redfish promises;
 * - `unsupported`: the BMC offers no reset type that reaches the requested power state;
 * - `power-timeout`: the reset was accepted but the power state did not follow in time.
 */
export type RedfishErrorKind =
  | 'invalid-config' | 'unreachable' | 'tls' | 'timeout' | 'auth' | 'not-found' | 'server' | 'rejected' | 'malformed' | 'unsupported' | 'power-timeout';

/** A Redfish driver failure; its message is written for the node's `last_error` and never holds a password. */
export class RedfishError extends DriverError {
  constructor(
    readonly kind: RedfishErrorKind,
    message: string,
    /** The HTTP status the BMC answered with, when there was one. */
    readonly status: number | null = null,
  ) {
    super(message);
  }

  /** The same failure, with context in front of its message. */
  within(context: string): RedfishError {
    return new RedfishError(this.kind, `${context}. Error: ${this.message}`, this.status);
  }
}
