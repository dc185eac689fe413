/**
 * A server's whole life from the console alone, in a real browser (Debian's Chromium), against
 * the whole system and the BMC simulator with its simulated agent: enrolled through the form
 * (Ironic's refusal shown beside the field it is about, the BMC password write-only), given a
 * port, edited (its properties and extra as JSON, patched key by key), managed, provided (cleaned
 * by the agent), deployed with the simulator's demo image and a config drive through the deploy
 * dialog (filled with what its instance_info held), and undeployed after a confirmation.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { type Browser, type Page } from 'playwright-core';
import { systemMacs } from '@ironledger/bmc-sim';
import { apiClient, type Json } from '../support/api.js';
import { eventually, launchChromium, screenshot } from '../support/browser.js';
import { type Service, startBmcSim } from '../support/processes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(240_000);

const system = systemForFile({ env: { CALLBACK_TIMEOUT_S: '30' } });
const call = apiClient(() => system.baseUrl);
const SLOW = 120_000;

let sim: Service;
let simUrl: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ({ sim, url: simUrl } = await startBmcSim({ BMC_SIM_SYSTEMS: '1', BMC_SIM_IRONIC_URL: system.baseUrl, BMC_SIM_AGENT_HEARTBEAT_MS: '1000', BMC_SIM_AGENT_BOOT_MS: '200' }));
  page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await sim?.stop();
});

const drawer = () => page.getByRole('complementary', { name: 'Node web-1' });
const provisionState = () => drawer().getByTestId('node-provision-state').textContent();
const nodeJson = async () => (await call('GET', '/v1/nodes/web-1')).json;

describe('a server’s life from the console alone', () => {
  it('enrolls a Redfish node through the form, with Ironic’s refusal beside the field and the password write-only', async () => {
    await page.goto(`${system.baseUrl}/console/`);
    await page.getByRole('button', { name: 'Enroll a node' }).click();
    const form = page.getByRole('form', { name: 'Enroll a node' });
    await form.getByLabel('Driver', { exact: true }).selectOption('redfish');
    // The interfaces offered are those GET /v1/drivers/redfish enables.
    const driver = (await call('GET', '/v1/drivers/redfish')).json;
    await eventually(() => form.getByLabel('boot', { exact: true }).locator('option').allTextContents(), [`default (${driver.default_boot_interface as string})`, ...(driver.enabled_boot_interfaces as string[])]);
    await form.getByLabel('boot', { exact: true }).selectOption('redfish-virtual-media');
    await form.getByLabel('rescue', { exact: true }).selectOption('agent');
    await form.getByLabel('redfish_address', { exact: true }).fill(`${simUrl}/bmc/1`);
    await form.getByLabel('redfish_username', { exact: true }).fill('admin');
    const password = form.getByLabel('redfish_password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await password.fill('password');
    await form.getByLabel('Another driver_info key').fill('deploy_iso');
    await form.getByRole('button', { name: 'Add key' }).click();
    await form.getByLabel('deploy_iso', { exact: true }).fill(`${simUrl}/images/ipa.iso`);

    await form.getByLabel('Name', { exact: true }).fill('web 1');
    await form.getByRole('button', { name: 'Enroll', exact: true }).click();
    const refusal = form.locator('.field', { has: page.getByLabel('Name', { exact: true }) }).getByRole('alert');
    await eventually(() => refusal.textContent(), "Cannot create node with invalid name 'web 1'");
    await screenshot(page, 'enroll-refused', { readme: 'enroll' });
    expect((await call('GET', '/v1/nodes')).json.nodes).toEqual([]);

    await form.getByLabel('Name', { exact: true }).fill('web-1');
    await form.getByRole('button', { name: 'Enroll', exact: true }).click();
    await drawer().waitFor();
    const node = await nodeJson();
    expect(node).toMatchObject({ driver: 'redfish', boot_interface: 'redfish-virtual-media', rescue_interface: 'agent', provision_state: 'enroll' });
    expect(node.driver_info).toEqual({ redfish_address: `${simUrl}/bmc/1`, redfish_username: 'admin', redfish_password: '******', deploy_iso: `${simUrl}/images/ipa.iso` });
  });

  it('adds a port and edits the node, leaving the password as it was', async () => {
    await drawer().getByLabel('MAC address').fill(systemMacs(1)[0]!);
    await drawer().getByRole('button', { name: 'Add port' }).click();
    await drawer().getByRole('list', { name: 'Ports' }).getByText(systemMacs(1)[0]!).waitFor();

    await drawer().getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit the node' });
    expect(await form.getByLabel('redfish_password', { exact: true }).inputValue()).toBe('');
    expect(await form.getByLabel('redfish_username', { exact: true }).inputValue()).toBe('admin');
    await form.getByLabel('Description', { exact: true }).fill('rack 4, slot 2');
    const [patch] = await Promise.all([page.waitForRequest((request) => request.method() === 'PATCH'), form.getByRole('button', { name: 'Save' }).click()]);
    expect(patch.postDataJSON()).toEqual([{ op: 'add', path: '/description', value: 'rack 4, slot 2' }]);
    await form.waitFor({ state: 'detached' });
    expect((await nodeJson()).description).toBe('rack 4, slot 2');
  });

  it('edits its properties and extra as JSON: a syntax error beside the field with nothing sent, Ironic’s refusal beside the field it names, then only the keys changed', async () => {
    const patches: Json[] = [];
    page.on('request', (request) => request.method() === 'PATCH' && patches.push(request.postDataJSON() as Json));
    await drawer().getByRole('button', { name: 'Edit', exact: true }).click();
    const form = page.getByRole('form', { name: 'Edit the node' });
    const properties = form.getByLabel('Properties (JSON)', { exact: true });
    const extra = form.getByLabel('Extra (JSON)', { exact: true });
    const besides = (field: string) => form.locator('.field', { has: page.getByLabel(field, { exact: true }) }).getByRole('alert');
    await properties.fill('{"cpus": 8,');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => /^Not valid JSON/.test((await besides('Properties (JSON)').textContent()) ?? ''), true);
    expect(patches).toEqual([]);

    // Ironic's patch paths are word characters only: a dotted key is refused, and named.
    await properties.fill('{"cpus": 8, "memory_mb": 4096}');
    await extra.fill('{"rack.slot": "4-2"}');
    await form.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await besides('Extra (JSON)').textContent())?.includes('/extra/rack.slot') ?? false, true);
    expect(await besides('Properties (JSON)').count()).toBe(0);
    await screenshot(page, 'edit-refused', { readme: 'edit' });
    expect((await nodeJson()).properties).toEqual({});

    await extra.fill('{"rack": "4", "slot": 2}');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect(patches.at(-1)).toEqual([
      { op: 'add', path: '/properties/cpus', value: 8 },
      { op: 'add', path: '/properties/memory_mb', value: 4096 },
      { op: 'add', path: '/extra/rack', value: '4' },
      { op: 'add', path: '/extra/slot', value: 2 },
    ]);
    expect(await nodeJson()).toMatchObject({ properties: { cpus: 8, memory_mb: 4096 }, extra: { rack: '4', slot: 2 } });

    // Opened again, it starts from the node: one key changed, one removed, and only those are sent.
    await drawer().getByRole('button', { name: 'Edit', exact: true }).click();
    expect(JSON.parse(await properties.inputValue())).toEqual({ cpus: 8, memory_mb: 4096 });
    await properties.fill('{"cpus": 16}');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect(patches.at(-1)).toEqual([
      { op: 'replace', path: '/properties/cpus', value: 16 },
      { op: 'remove', path: '/properties/memory_mb' },
    ]);
    expect(await nodeJson()).toMatchObject({ properties: { cpus: 16 }, extra: { rack: '4', slot: 2 } });
  });

  it('manages and provides it (the BMC answering with the password kept, the agent cleaning)', async () => {
    await drawer().getByRole('button', { name: 'Manage', exact: true }).click();
    await eventually(provisionState, 'manageable', SLOW);
    await drawer().getByRole('button', { name: 'Provide', exact: true }).click();
    await eventually(provisionState, 'available', SLOW);
  });

  it('deploys the demo image with a config drive through the deploy dialog, and undeploys after a confirmation', async () => {
    // What the node's instance_info holds fills the dialog.
    const held = [{ op: 'add', path: '/instance_info/image_source', value: `${simUrl}/images/old.img` }, { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha512' }, { op: 'add', path: '/instance_info/image_os_hash_value', value: 'c0ffee' }, { op: 'add', path: '/instance_info/root_gb', value: 7 }];
    expect((await call('PATCH', '/v1/nodes/web-1', { body: held })).status).toBe(200);
    await drawer().getByRole('button', { name: 'Deploy', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Deploy' });
    const shown = async () => Promise.all(['Image URL', 'Checksum (value, or URL of a checksum file)', 'Algorithm', 'Root size (GiB)'].map((label) => dialog.getByLabel(label, { exact: true }).inputValue()));
    expect(await shown()).toEqual([`${simUrl}/images/old.img`, 'c0ffee', 'sha512', '7']);
    await dialog.getByLabel('Algorithm', { exact: true }).selectOption('sha256');
    await dialog.getByLabel('Root size (GiB)').fill('one');
    await dialog.getByRole('button', { name: 'Start deployment' }).click();
    await dialog.getByText('The root size is a whole number of GiB, more than 0.').waitFor();
    await dialog.getByLabel('Root size (GiB)').fill('');
    await dialog.getByLabel('Image URL').fill(`${simUrl}/images/demo.img`);
    await dialog.getByLabel('Checksum (value, or URL of a checksum file)').fill(`${simUrl}/images/demo.img.sha256`);
    await dialog.getByLabel('Config drive (JSON, or the drive’s base64 text)').fill('{"meta_data": {"hostname": "web-1"}}');
    await screenshot(page, 'deploy-dialog', { readme: 'deploy' });
    const [deploy] = await Promise.all([page.waitForRequest((request) => request.url().endsWith('/states/provision')), dialog.getByRole('button', { name: 'Start deployment' }).click()]);
    expect(deploy.postDataJSON()).toEqual({ target: 'active', configdrive: { meta_data: { hostname: 'web-1' } } });
    await eventually(provisionState, 'active', SLOW);
    const deployed = await nodeJson();
    expect(deployed.instance_info).toMatchObject({ image_source: `${simUrl}/images/demo.img`, image_os_hash_algo: 'sha256', image_os_hash_value: `${simUrl}/images/demo.img.sha256` });
    expect(deployed.instance_info).not.toHaveProperty('root_gb');
    expect([deployed.last_error, deployed.power_state]).toEqual([null, 'power on']);
    await screenshot(page, 'deployed');

    await drawer().getByRole('button', { name: 'Undeploy', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Undeploy' });
    await confirm.getByRole('button', { name: 'Undeploy', exact: true }).click();
    await eventually(provisionState, 'available', SLOW);
    const events = ((await call('GET', `/v1/nodes/${deployed.uuid as string}/events`)).json.events as Json[]).filter((event) => event.type === 'ProvisionStateChanged').map((event) => (event.data as Json).to);
    expect(events).toEqual(expect.arrayContaining(['manageable', 'cleaning', 'available', 'deploying', 'active', 'deleting']));
  });
});
