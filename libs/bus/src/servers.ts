/**
 * NATS_URL's form: one server, or a comma-separated list of a cluster's servers (nats.js would
 * take the list for a single malformed URL).
 */
export function natsServers(url: string | readonly string[]): string[] {
  return (typeof url === 'string' ? url.split(',') : url).map((server) => server.trim()).filter(Boolean);
}
