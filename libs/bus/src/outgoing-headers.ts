import { type MsgHdrs, MsgHdrsImpl } from '@nats-io/transport-node';

/**
 * NATS headers for a message this process publishes, built in one step. nats.js's `set` copies
 * each name into its canonical form, scans the names twice and tests the value with a regular
 * expression: its header building was a tenth of what provisioning a node allocated
 * (docs/benchmarks.md). The names here are the project's constants and go out as written, as
 * with `set`'s exact matching; a value is trimmed, and refused if it holds a line break, as `set`
 * does.
 */
export function outgoingHeaders(fields: Readonly<Record<string, string>>): MsgHdrs {
  const built = new MsgHdrsImpl();
  for (const name in fields) {
    const value = fields[name]!;
    if (value.includes('\r') || value.includes('\n')) throw new RangeError(`NATS header ${name} cannot hold a line break`);
    built.headers.set(name, [value.trim()]);
  }
  return built;
}
