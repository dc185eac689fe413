import { serviceLogger, stopOnSignal } from '@ironledger/observability';
import { loadConfig } from './config.js';
import { startPowerSync } from './service.js';

const config = loadConfig();
stopOnSignal(await startPowerSync(config), (message) => serviceLogger(`power-sync ${config.instanceId}`).info(message));
