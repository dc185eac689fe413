import { loadConfig } from './config.js';
import { BmcSim } from '@ironledger/bmc-sim';

const config = loadConfig();
const sim = await BmcSim.start(config);
// Tests and scripts wait for this line.
console.log(`bmc-sim ready at ${sim.url}: ${sim.bmcs.length} virtual BMCs, BMC n at ${sim.url}/bmc/{n} (control API at ${sim.url}/control)`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await sim.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
