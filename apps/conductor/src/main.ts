import { serviceLogger, stopOnSignal } from '@ironledger/observability';
import { loadConfig } from './config.js';
import { startConductor } from './service.js';

const config = loadConfig();
stopOnSignal(await startConductor(config), (message) => serviceLogger(`conductor ${config.conductorId}`).info(message));
