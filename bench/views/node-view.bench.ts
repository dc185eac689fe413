/**
 * The CPU one node view costs the gateway when it is not cached: `GET /v1/nodes/{id}` of a
 * deployed Redfish node (every field, JSON text), an entry of `GET /v1/nodes`, and one raw event
 * as `/v1/nodes/{id}/events` and the event stream serve it. Masking secrets is part of each.
 *
 *   node --import ./scripts/register-ts.mjs bench/views/node-view.bench.ts [--runs R] [--calls C]
 */
import { parseArgs } from 'node:util';
import { newNode, type NodeRegistered, type NodeUpdated } from '@ironledger/domain';
import { redactSecrets } from '@ironledger/lifecycle-events';
import { Microversion } from '../../apps/gateway/src/http/microversion.js';
import { listItemView, nodeView, type ViewContext } from '../../apps/gateway/src/nodes/node.view.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '31' }, calls: { type: 'string', default: '20000' } } });
const RUNS = Number(values.runs);
const CALLS = Number(values.calls);

const uuid = '5d4c0a5e-3f3e-4a55-9d0b-6f1d2c3b4a59';
const instance = 'f3c2d1e0-9b8a-4c7d-8e6f-5a4b3c2d1e0f';
const driverInfo = {
  redfish_address: 'https://10.20.30.40',
  redfish_username: 'admin',
  redfish_password: 'Sup3r-S3cret-bmc',
  redfish_system_id: '/redfish/v1/Systems/1',
  redfish_verify_ca: false,
  deploy_kernel: 'http://images.example/ipa.kernel',
  deploy_ramdisk: 'http://images.example/ipa.initramfs',
};
const configdrive = { meta_data: { uuid: instance, name: 'web-7', hostname: 'web-7.example', public_keys: { default: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI web' } }, user_data: '#cloud-config\npackages: [nginx]\n' };
const node = newNode(uuid, '2026-11-21T22:54:08.773Z', {
  name: 'rack7-node-12',
  driver: 'redfish',
  provision_state: 'active',
  power_state: 'power on',
  driver_info: driverInfo,
  instance_uuid: instance,
  instance_info: { image_source: 'http://images.example/ubuntu.qcow2', image_checksum: 'a'.repeat(64), image_os_hash_algo: 'sha256', root_gb: 40, configdrive, capabilities: { boot_mode: 'uefi' } },
  properties: { cpus: 32, memory_mb: 262144, local_gb: 893, cpu_arch: 'x86_64', capabilities: 'boot_mode:uefi,secure_boot:true' },
  extra: { rack: 'r7', row: '3', owner_team: 'web', ticket: 'OPS-4411' },
  traits: ['CUSTOM_GPU', 'HW_CPU_X86_AVX2'],
  updated_at: '2026-11-21T23:01:00.000Z',
  provision_updated_at: '2026-11-21T23:01:00.000Z',
});
const context: ViewContext = { version: new Microversion(82), baseUrl: 'http://127.0.0.1:6385', conductor: 'c-1' };

const meta = { nodeId: uuid, at: '2026-11-21T22:54:08.773Z', actor: 'admin', requestId: 'req-1', correlationId: 'req-1', causationId: 'req-1' };
const registered: NodeRegistered = { type: 'NodeRegistered', data: { ...node, provision_state: 'enroll' }, meta };
const updated: NodeUpdated = { type: 'NodeUpdated', data: { changes: { extra: { rack: 'r8', row: '1' } } }, meta };

/** CPU time per call (the process's, not the wall clock's: the machine is shared), median and range over the runs. */
function measure(label: string, call: () => unknown): string {
  const perCall: number[] = [];
  for (let i = 0; i < CALLS; i++) call();
  for (let run = 0; run < RUNS; run++) {
    const started = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) call();
    const used = process.cpuUsage(started);
    perCall.push((used.user + used.system) / CALLS);
  }
  perCall.sort((a, b) => a - b);
  const us = (value: number) => value.toFixed(2);
  return `| ${label} | ${us(perCall[Math.floor(RUNS / 2)]!)} | ${us(perCall[0]!)}–${us(perCall.at(-1)!)} |`;
}

console.log(`\n### One view, uncached (median of ${RUNS} runs of ${CALLS.toLocaleString('en-US')} calls, CPU µs per call)\n`);
console.log('| view | median | min–max |\n|---|---:|---:|');
console.log(measure('`GET /v1/nodes/{id}` (1.82, every field, JSON text)', () => JSON.stringify(nodeView(node, context))));
console.log(measure('an entry of `GET /v1/nodes` (JSON text)', () => JSON.stringify(listItemView(node, context))));
console.log(measure('`NodeRegistered` as served (JSON text)', () => JSON.stringify(redactSecrets(registered))));
console.log(measure('`NodeUpdated` of `extra` as served (JSON text)', () => JSON.stringify(redactSecrets(updated))));
