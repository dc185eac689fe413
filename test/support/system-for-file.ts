/** Jest's side of test/support/system.ts (which benchmarks use too, outside jest). */
import { afterAll, beforeAll } from '@jest/globals';
import { type RunningSystem, type SystemOptions, startSystem } from './system.js';

/**
 * The system a test file runs against: started before the file's tests and stopped after them.
 * Its members may be read only from inside a test or a hook.
 */
export function systemForFile(options: SystemOptions = {}): RunningSystem {
  let running: RunningSystem | undefined;
  beforeAll(async () => {
    running = await startSystem(options);
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });
  const current = () => {
    if (!running) throw new Error('The system has not started (or failed to start): see the file\'s beforeAll');
    return running;
  };
  return {
    get baseUrl() {
      return current().baseUrl;
    },
    get baseUrls() {
      return current().baseUrls;
    },
    get natsUrl() {
      return current().natsUrl;
    },
    get conductorIds() {
      return current().conductorIds;
    },
    get projectEventsPrefix() {
      return current().projectEventsPrefix;
    },
    get storeStream() {
      return current().storeStream;
    },
    get relayStream() {
      return current().relayStream;
    },
    store: () => current().store(),
    eventCount: () => current().eventCount(),
    stopConductors: () => current().stopConductors(),
    processes: () => current().processes(),
    stop: () => current().stop(),
    logs: () => current().logs(),
  };
}
