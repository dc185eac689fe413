/**
 * What integration tests of lifecycle events need from their NATS server. (The workspace's
 * `test/support` has the same for app tests; libs may not import it across the project boundary.)
 */

/** The test NATS server (`npm test` starts a private JetStream-enabled one and sets NATS_URL). */
export function testNatsUrl(): string {
  const url = process.env.NATS_URL;
  if (!url) throw new Error('NATS_URL is not set: run the tests through `npm test`, or set NATS_URL=$(bash scripts/nats.sh start).');
  return url;
}

/** Stream names and subject prefixes of one test run's own: runs sharing a server never meet. */
export function isolatedStreams(tag: string): { storeStream: string; storePrefix: string; relayStream: string; eventsPrefix: string; notificationsPrefix: string } {
  const id = `${tag}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6).toString(36)}`.replace(/[^A-Za-z0-9_]/g, '_');
  return {
    storeStream: `T_${id}`.toUpperCase(),
    storePrefix: `t.${id}.store`,
    relayStream: `T_${id}_EVENTS`.toUpperCase(),
    eventsPrefix: `t.${id}.events`,
    notificationsPrefix: `t.${id}.notifications`,
  };
}
