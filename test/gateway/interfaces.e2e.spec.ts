/**
 * The interfaces each hardware type offers, compared with Ironic 21.4's answers to the same
 * requests (recorded in `ironic-21.4-interfaces.recorded.ts`): the drivers' default and enabled
 * implementations, and creating, updating and validating nodes that name them, from Metal3's
 * `ipmi` node with iPXE boot and RAID through the agent to the refusals of what a type lacks.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { HARDWARE_INTERFACES, IRONIC_DEFAULTS_NOT_TAKEN } from '@ironledger/domain';
import { apiClient, fault, type Json } from '../support/api.js';
import { systemForFile } from '../support/system-for-file.js';
import { IRONIC_CASES, IRONIC_CINDER_CASES, IRONIC_DEFAULTS, IRONIC_ENABLED, IRONIC_MANUAL_CASES } from './ironic-21.4-interfaces.recorded.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);

/** A node the recorded requests name (`ifaces-ipmi`, `ifaces-manual`, …), to be replaced by its UUID. */
const NODE_NAME = /ifaces-[a-z-]+/;

/** The implementation a refusal names: the first one the request (a node or a JSON patch) asks for. */
const askedFor = (body: unknown): string => {
  const pairs = Array.isArray(body) ? (body as Json[]).map((op) => [String(op.path).slice(1), op.value]) : Object.entries((body ?? {}) as Json);
  return String(pairs.find(([key]) => String(key).endsWith('_interface'))?.[1]);
};

describe('hardware types against Ironic 21.4', () => {
  it.each(['ipmi', 'redfish', 'manual-management'])('%s: defaults are Ironic’s default configuration’s (where this build has them), enabled lists what Ironic enables', async (name) => {
    const driver = (await call('GET', `/v1/drivers/${name}`)).json;
    for (const iface of HARDWARE_INTERFACES) {
      const expected = IRONIC_DEFAULTS_NOT_TAKEN[name]?.[iface] === IRONIC_DEFAULTS[name]![iface] ? expect.any(String) : IRONIC_DEFAULTS[name]![iface];
      expect([iface, driver[`default_${iface}_interface`]]).toEqual([iface, expected]);
      expect([iface, [...(driver[`enabled_${iface}_interfaces`] as string[])].sort()]).toEqual([iface, IRONIC_ENABLED[name]![iface]]);
    }
  });

  it('creates, updates and validates nodes as Ironic does, and refuses what a type lacks in its words', async () => {
    const uuids = new Map<string, string>();
    const [answers, recordedAnswers]: unknown[][] = [[], []];
    const named = (text: string) => text.replace(NODE_NAME, (name) => uuids.get(name) ?? name);
    let target = '';
    for (const recorded of [...IRONIC_CASES, ...IRONIC_MANUAL_CASES, ...IRONIC_CINDER_CASES]) {
      const body = recorded.body === null ? undefined : (JSON.parse(named(JSON.stringify(recorded.body))) as Json);
      const response = await call(recorded.method, `/v1${named(recorded.path)}`, { body });
      const nodeName = (recorded.body as Json | null)?.name;
      if (recorded.method === 'POST' && response.status === 201 && typeof nodeName === 'string') uuids.set(nodeName, response.json.uuid as string);
      if (recorded.path === '/volume/targets' && response.status === 201) target = response.json.uuid as string;
      let answer: unknown;
      if (response.status >= 400) answer = fault(response.json);
      else if (recorded.answer === null) answer = response.text === '' ? null : response.json;
      // Only what was recorded: the fields a case asks about.
      else answer = Object.fromEntries(Object.keys(recorded.answer as Json).map((key) => [key, response.json[key]]));
      const uuid = uuids.get(NODE_NAME.exec(recorded.path)?.[0] ?? '') ?? response.json?.uuid;
      const expected = JSON.parse(
        JSON.stringify(recorded.answer)
          .replaceAll('{uuid}', String(uuid))
          .replaceAll('{implementation}', askedFor(recorded.body))
          .replaceAll('{target}', target)
          .replaceAll('{conductor}', system.conductorIds[0]!),
      );
      answers.push({ name: recorded.name, status: response.status, answer });
      recordedAnswers.push({ name: recorded.name, status: recorded.status, answer: expected });
    }
    expect(answers).toEqual(recordedAnswers);
  });
});
