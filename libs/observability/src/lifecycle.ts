import { flushLogs } from './logging.js';

/**
 * Stops `service` on the first SIGTERM or SIGINT, then ends the process once its logs are written
 * (`flushLogs`). A second signal while it stops is ignored: a conductor finishing its running work
 * must not be cut short by a repeated Ctrl-C.
 */
export function stopOnSignal(service: { stop(): Promise<void> }, log: (message: string) => void): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    service.stop().then(
      () => flushLogs().then(() => process.exit(0)),
      (error: unknown) => {
        log(`stopping failed: ${(error as Error).message}`);
        return flushLogs().then(() => process.exit(1));
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
