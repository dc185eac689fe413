/** The simulator as a process: configured by BMC_SIM_*, it prints a `ready` line with its URL and stops on SIGTERM. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from '@jest/globals';

const root = fileURLToPath(new URL('../../../', import.meta.url));

it('prints ready with its URL, serves the configured BMCs and enclosures, and exits on SIGTERM', async () => {
  const child = spawn(process.execPath, ['--import', './scripts/register-ts.mjs', 'apps/bmc-sim/src/main.ts'], {
    cwd: root,
    env: { ...process.env, BMC_SIM_PORT: '0', BMC_SIM_SYSTEMS: '3', BMC_SIM_ENCLOSURE_SIZE: '3', BMC_SIM_PASSWORD: 'calvin' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = '';
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /ready at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (ready) resolve(ready[1]!);
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      void exited.then((code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
    });
    const auth = { authorization: `Basic ${Buffer.from('admin:calvin').toString('base64')}` };
    const collection = (await (await fetch(`${url}/redfish/v1/Systems`, { headers: auth })).json()) as { 'Members@odata.count': number };
    expect(collection['Members@odata.count']).toBe(3);
    expect((await fetch(`${url}/bmc/3/redfish/v1/Systems/3`, { headers: auth })).status).toBe(200);
    const enclosure = (await (await fetch(`${url}/enclosure/1/redfish/v1/Systems`, { headers: auth })).json()) as { 'Members@odata.count': number };
    expect(enclosure['Members@odata.count']).toBe(3);
  } finally {
    child.kill('SIGTERM');
  }
  expect(await exited).toBe(0);
}, 30_000);
