import { stopOnSignal } from '@ironledger/observability';
import { loadConfig } from './config.js';
import { startGateway } from './service.js';

const gateway = await startGateway(loadConfig());
stopOnSignal(gateway, gateway.log);
