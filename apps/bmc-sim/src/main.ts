import { loadConfig } from './config.js';
import { BmcSim } from '@ironledger/bmc-sim';
import { serviceLogger } from '@ironledger/observability';

const config = loadConfig();
const sim = await BmcSim.start(config);
// Tests and scripts wait for this line.
const enclosures = sim.enclosures.length > 0 ? `, ${sim.enclosures.length} blade enclosures of ${sim.enclosures[0]!.last} systems, enclosure e at ${sim.url}/enclosure/{e}` : '';
serviceLogger('bmc-sim').info(`bmc-sim ready at ${sim.url}: ${sim.bmcs.length} virtual BMCs, BMC n at ${sim.url}/bmc/{n}${enclosures} (control API at ${sim.url}/control)`);

let stopping = false;
async function shutdown(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await sim.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
