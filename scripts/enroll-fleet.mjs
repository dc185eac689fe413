// Enrolls one Redfish node per simulated BMC through the Ironic API, gives each a port for its
// system's PXE NIC (the MAC its agent looks its node up by, and inspection matches), and manages
// them (which verifies each BMC's credentials), a few at a time, with a progress bar. They boot
// the agent from virtual media (the conductors' DEPLOY_ISO and RESCUE_ISO), so they can be
// cleaned, inspected, deployed and rescued at once:
//   node scripts/enroll-fleet.mjs API BMC_SIM COUNT
// With OS_USERNAME and OS_PASSWORD set (AUTH_STRATEGY=http_basic), it authenticates with them.
// Any refusal but "already there" fails it (non-zero exit), naming the request and the answer.
import { systemMacs } from '@ironledger/bmc-sim';
import { ProgressBar } from '@ironledger/observability';

const [api, bmcSim, count] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const { OS_USERNAME: username, OS_PASSWORD: password } = process.env;
const headers = {
  'content-type': 'application/json',
  'x-openstack-ironic-api-version': 'latest',
  ...(username && password ? { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } : {}),
};
const call = async (method, path, body) => {
  const response = await fetch(`${api}${path}`, { method, headers, body: body && JSON.stringify(body) });
  if (!response.ok && response.status !== 409) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  // 409: the node or port is there already (the store outlives restarts); nothing to do.
  return response.status === 204 || response.status === 202 || response.status === 409 ? null : response.json();
};
const bar = new ProgressBar(process.stdout, '  fleet', 'nodes');
let next = 0;
let enrolled = 0;
async function worker() {
  while (next < count) {
    const n = next++;
    const name = `sim-${String(n).padStart(5, '0')}`;
    const node = await call('POST', '/v1/nodes', {
      name,
      driver: 'redfish',
      boot_interface: 'redfish-virtual-media',
      rescue_interface: 'agent',
      driver_info: { redfish_address: `${bmcSim}/bmc/${n + 1}`, redfish_username: 'admin', redfish_password: 'password' },
    });
    if (node) {
      await call('POST', '/v1/ports', { address: systemMacs(n + 1)[0], node_uuid: node.uuid });
      await call('PUT', `/v1/nodes/${node.uuid}/states/provision`, { target: 'manage' });
    }
    bar.update(++enrolled, { fraction: enrolled / count });
  }
}
try {
  await Promise.all(Array.from({ length: 8 }, worker));
} catch (error) {
  process.stdout.write('\n');
  console.error(`fleet enrolment failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
bar.done(enrolled, { fraction: 1 });
console.log(`  fleet: ${count} Redfish nodes enrolled with a port each and managed (BMCs at ${bmcSim}/bmc/1 …)`);
