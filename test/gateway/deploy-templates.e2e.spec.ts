/**
 * Deploy templates through the gateway, with a real conductor and JetStream behind it: Ironic's
 * API and words, step secrets masked wherever a template is shown or its events served, the
 * refusals that append nothing, and a template's history (log, past state, feed).
 */
import { describe, expect, it, jest } from '@jest/globals';
import { subscribeSse } from '@ironledger/client';
import { resourceStreamId } from '@ironledger/contracts';
import { apiClient, at, fault, type Json } from '../support/api.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();
const call = apiClient(() => system.baseUrl);
const webob = (body: Json) => JSON.parse(body.error_message as string) as Json;

const templateEvents = async (uuid: string) => (await (await system.store()).readStream(resourceStreamId('deploy_template', uuid))).map((e) => e.type);
const step = (overrides: Json = {}) => ({ interface: 'bios', step: 'apply_configuration', args: { settings: [{ name: 'LogicalProc', value: 'Enabled' }], password: 'p4ss' }, priority: 150, ...overrides });
const masked = (overrides: Json = {}) => ({ ...step(overrides), args: { settings: [{ name: 'LogicalProc', value: 'Enabled' }], password: '******' } });

async function create(name: string, body: Json = {}): Promise<Json> {
  const created = await call('POST', '/v1/deploy_templates', { body: { name, steps: [step()], ...body } });
  expect([created.status, created.text]).toEqual([201, expect.any(String)]);
  return created.json;
}

describe('deploy templates', () => {
  it('are created, shown, listed, changed and deleted, secrets masked, each change an event', async () => {
    const created = await call('POST', '/v1/deploy_templates', { body: { name: 'CUSTOM_HT_ON', steps: [step({ priority: '20' })], extra: { k: 'v' } } });
    expect(created.status).toBe(201);
    const uuid = created.json.uuid as string;
    expect(created.headers.get('location')).toBe(`${system.baseUrl}/v1/deploy_templates/${uuid}`);
    expect(Object.keys(created.json)).toEqual(['uuid', 'created_at', 'updated_at', 'name', 'extra', 'links', 'steps']);
    expect(created.json).toMatchObject({ name: 'CUSTOM_HT_ON', extra: { k: 'v' }, updated_at: null, steps: [masked({ priority: 20 })] });
    expect(created.json.links).toEqual([{ href: `${system.baseUrl}/v1/deploy_templates/${uuid}`, rel: 'self' }, { href: `${system.baseUrl}/deploy_templates/${uuid}`, rel: 'bookmark' }]);

    expect((await call('GET', '/v1/deploy_templates/CUSTOM_HT_ON')).json).toEqual(created.json);
    expect((await call('GET', `/v1/deploy_templates/${uuid}?fields=name,Steps`)).json).toEqual({ name: 'CUSTOM_HT_ON', links: created.json.links, steps: [masked({ priority: 20 })] });
    const list = (await call('GET', '/v1/deploy_templates')).json.deploy_templates as Json[];
    expect(list.find((t) => t.uuid === uuid)).toEqual({ uuid, name: 'CUSTOM_HT_ON', links: created.json.links });
    expect(((await call('GET', '/v1/deploy_templates?detail=True')).json.deploy_templates as Json[]).find((t) => t.uuid === uuid)).toEqual(created.json);
    expect(((await call('GET', '/v1/deploy_templates?fields=uuid,extra')).json.deploy_templates as Json[]).find((t) => t.uuid === uuid)).toEqual({ uuid, extra: { k: 'v' }, links: created.json.links });

    // What the CLI sends for `deploy template set --name … --steps … --extra c=d`.
    const patched = await call('PATCH', `/v1/deploy_templates/${uuid}`, {
      body: [
        { op: 'add', path: '/name', value: 'CUSTOM_HT_OFF' },
        { op: 'add', path: '/steps', value: [step({ interface: 'deploy', step: 'write_image', args: {}, priority: 0 }), step()] },
        { op: 'add', path: '/extra/c', value: 'd' },
      ],
    });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ name: 'CUSTOM_HT_OFF', extra: { k: 'v', c: 'd' }, updated_at: expect.any(String) });
    expect(patched.json.steps).toEqual([{ interface: 'deploy', step: 'write_image', args: {}, priority: 0 }, masked()]);
    const oneStep = await call('PATCH', `/v1/deploy_templates/${uuid}`, { body: [{ op: 'replace', path: '/steps/0/priority', value: '12' }, { op: 'remove', path: '/extra/k' }] });
    expect(oneStep.json).toMatchObject({ extra: { c: 'd' }, steps: [{ step: 'write_image', priority: 12 }, masked()] });
    expect((await call('GET', '/v1/deploy_templates/CUSTOM_HT_ON')).status).toBe(404);

    expect((await call('DELETE', '/v1/deploy_templates/CUSTOM_HT_OFF')).status).toBe(204);
    expect((await call('GET', `/v1/deploy_templates/${uuid}`)).status).toBe(404);
    expect(await templateEvents(uuid)).toEqual(['DeployTemplateCreated', 'DeployTemplateUpdated', 'DeployTemplateUpdated', 'DeployTemplateDeleted']);
    // The name is free again.
    await create('CUSTOM_HT_ON');
  });

  it('page with Ironic’s next links', async () => {
    for (const name of ['CUSTOM_PAGE_A', 'CUSTOM_PAGE_B', 'CUSTOM_PAGE_C']) await create(name);
    const first = await call('GET', '/v1/deploy_templates?limit=1');
    const marker = ((first.json.deploy_templates as Json[])[0]!).uuid as string;
    expect(first.json.next).toBe(`${system.baseUrl}/v1/deploy_templates?sort_key=id&sort_dir=asc&fields=uuid,name&limit=1&marker=${marker}`);
    expect((await call('GET', '/v1/deploy_templates?limit=1&detail=true')).json.next).toBe(`${system.baseUrl}/v1/deploy_templates?sort_key=id&sort_dir=asc&detail=True&limit=1&marker=${marker}`);
    expect((await call('GET', '/v1/deploy_templates?limit=1&detail=false')).json.next).toBe(`${system.baseUrl}/v1/deploy_templates?sort_key=id&sort_dir=asc&detail=False&fields=uuid,name&limit=1&marker=${marker}`);
    const second = await call('GET', new URL(first.json.next as string).pathname + new URL(first.json.next as string).search);
    expect((second.json.deploy_templates as Json[])[0]!.uuid).not.toBe(marker);
    const byName = (await call('GET', '/v1/deploy_templates?sort_key=name&sort_dir=desc&fields=name')).json.deploy_templates as Json[];
    expect(byName.map((t) => t.name)).toEqual([...byName.map((t) => t.name as string)].sort().reverse());
  });

  it('answer bad input with Ironic’s errors and append nothing', async () => {
    const existing = await create('CUSTOM_TAKEN');
    const before = await system.eventCount();
    const body = (overrides: Json) => ({ name: 'CUSTOM_NEW', steps: [step()], ...overrides });
    const cases: [string, string, unknown, number, string][] = [
      ['POST', '', { steps: [step()] }, 400, "Schema error for template: 'name' is a required property"],
      ['POST', '', { name: 'CUSTOM_NEW' }, 400, "Schema error for template: 'steps' is a required property"],
      ['POST', '', body({ steps: [] }), 400, 'Schema error for template: [] is too short'],
      ['POST', '', body({ steps: {} }), 400, "Schema error for template: {} is not of type 'array'"],
      ['POST', '', body({ name: 'r1-lower' }), 400, "Schema error for template: 'r1-lower' is not valid under any of the given schemas. Possible root cause: 'r1-lower' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['POST', '', body({ steps: [step({ interface: 'foo' })] }), 400, "Schema error for template: 'foo' is not one of ['power', 'management', 'deploy', 'bios', 'raid']"],
      ['POST', '', body({ steps: [step({ step: '' })] }), 400, "Schema error for template: '' is too short"],
      ['POST', '', body({ steps: [{ interface: 'bios', step: 's', priority: 1 }] }), 400, "Schema error for template: 'args' is a required property"],
      ['POST', '', body({ steps: [step({ priority: -1 })] }), 400, 'Schema error for template: -1 is less than the minimum of 0'],
      ['POST', '', body({ steps: [step({ priority: 'abc' })] }), 400, "Schema error for template: 'abc' does not match '^[0-9]+$'"],
      ['POST', '', body({ steps: [step({ priority: 1.5 })] }), 400, "Schema error for template: 1.5 is not valid under any of the given schemas. Possible root cause: 1.5 is not of type 'integer'"],
      ['POST', '', body({ steps: [step({ extra: 1 })] }), 400, "Schema error for template: Additional properties are not allowed ('extra' was unexpected)"],
      ['POST', '', body({ foo: 1 }), 400, "Schema error for template: Additional properties are not allowed ('foo' was unexpected)"],
      ['POST', '', body({ description: 'd' }), 400, "Schema error for template: Additional properties are not allowed ('description' was unexpected)"],
      ['POST', '', body({ extra: [] }), 400, "Schema error for template: [] is not of type 'object', 'null'"],
      ['POST', '', body({ steps: [step(), step({ priority: 1 })] }), 400,
        'Deploy template invalid: Duplicate deploy steps. A deploy template cannot have multiple deploy steps with the same interface and step. Duplicates: interface: bios, step: apply_configuration.'],
      ['POST', '', body({ uuid: 'bad' }), 400, 'Expected UUID for uuid: bad'],
      ['POST', '', body({ name: 'CUSTOM_TAKEN' }), 409, 'A deploy template with name CUSTOM_TAKEN already exists.'],
      ['POST', '', body({ uuid: existing.uuid }), 409, `A deploy template with UUID ${existing.uuid as string} already exists.`],
      ['GET', '/bad name', undefined, 400, 'Expected UUID or name for template_ident: bad name'],
      ['GET', '/CUSTOM_NOPE', undefined, 404, 'Deploy template CUSTOM_NOPE could not be found.'],
      ['GET', '/detail', undefined, 404, 'Deploy template detail could not be found.'],
      ['GET', '/CUSTOM_TAKEN?fields=description', undefined, 400, 'Field(s) "description" are not valid'],
      ['GET', '?detail=true&fields=name', undefined, 400, 'Can not specify ?detail=True and fields in the same request.'],
      ['GET', '?detail=maybe', undefined, 400, "Invalid detail: Unrecognized value 'maybe', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"],
      ['GET', '?name=x', undefined, 400, 'Unexpected arguments: name'],
      ['GET', '?sort_key=steps', undefined, 400, 'The sort_key value steps is an invalid field for sorting'],
      ['GET', '?sort_key=bogus', undefined, 400, 'The sort_key value "bogus" is an invalid field for sorting'],
      ['GET', '?limit=0', undefined, 400, 'Limit must be positive'],
      ['GET', '?limit=abc', undefined, 400, 'Expected an integer for limit: abc'],
      ['GET', '?sort_dir=up', undefined, 400, "Invalid sort direction: up. Acceptable values are 'asc' or 'desc'"],
      ['GET', '?marker=CUSTOM_TAKEN', undefined, 404, 'Deploy template CUSTOM_TAKEN could not be found.'],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'replace', path: '/uuid', value: 'x' }], 400, 'Cannot patch /uuid. Only the following can be updated: extra, name, steps, description'],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'add', path: '/description', value: 'd' }], 400, 'Adding a new attribute (/description) to the root of the resource is not allowed'],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'remove', path: '/steps' }], 400, "Schema error for patch: 'steps' is a required property"],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'remove', path: '/name' }], 400, "Schema error for patch: 'name' is a required property"],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'replace', path: '/steps', value: [] }], 400, 'Schema error for patch: [] is too short'],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'add', path: '/steps/0/foo', value: 1 }], 400, "Schema error for patch: Additional properties are not allowed ('foo' was unexpected)"],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'add', path: '/steps/-', value: step() }], 400,
        'Deploy template invalid: Duplicate deploy steps. A deploy template cannot have multiple deploy steps with the same interface and step. Duplicates: interface: bios, step: apply_configuration.'],
      ['PATCH', '/CUSTOM_TAKEN', [{ op: 'replace', path: '/name', value: 'lower' }], 400, "Schema error for patch: 'lower' is not valid under any of the given schemas. Possible root cause: 'lower' does not match '^CUSTOM_[A-Z0-9_]+$'"],
      ['PATCH', '/CUSTOM_NOPE', [{ op: 'replace', path: '/name', value: 'CUSTOM_X' }], 404, 'Deploy template CUSTOM_NOPE could not be found.'],
      ['DELETE', '/CUSTOM_NOPE', undefined, 404, 'Deploy template CUSTOM_NOPE could not be found.'],
      ['DELETE', '/bad name', undefined, 400, 'Expected UUID or name for template_ident: bad name'],
    ];
    for (const [method, path, payload, status, message] of cases) {
      const response = await call(method, `/v1/deploy_templates${path}`, { body: payload });
      expect([method, path, response.status, response.json?.error_message ? fault(response.json) : response.text]).toEqual([method, path, status, message]);
    }
    await create('CUSTOM_OTHER');
    const afterOther = await system.eventCount();
    const taken = await call('PATCH', '/v1/deploy_templates/CUSTOM_OTHER', { body: [{ op: 'replace', path: '/name', value: 'CUSTOM_TAKEN' }] });
    expect([taken.status, fault(taken.json)]).toEqual([409, 'A deploy template with name CUSTOM_TAKEN already exists.']);
    for (const [method, status] of [['GET', 404], ['POST', 405], ['PATCH', 405], ['DELETE', 405]] as const) {
      const response = await call(method, method === 'GET' || method === 'POST' ? '/v1/deploy_templates' : '/v1/deploy_templates/CUSTOM_TAKEN', { headers: at('1.54'), body: method === 'POST' ? {} : undefined });
      expect([method, response.status, webob(response.json)]).toEqual([method, status, { code: status, title: status === 404 ? 'Not Found' : 'Method Not Allowed', description: 'The API version does not allow deploy templates' }]);
    }
    expect(await system.eventCount()).toBe(afterOther);
    expect(afterOther - before).toBe(2);
  });

  it('keep their history: the raw log (secrets masked), their state at a past instant, and their events in the feed', async () => {
    const { uuid } = (await create('CUSTOM_HISTORY', { extra: { v: 1 } })) as { uuid: string };
    await call('PATCH', `/v1/deploy_templates/${uuid}`, { body: [{ op: 'replace', path: '/extra/v', value: 2 }] });
    const log = await call('GET', `/v1/deploy_templates/${uuid}/events`);
    const events = log.json.events as Json[];
    expect(events.map((e) => [e.kind, e.type, (e.meta as Json).templateId])).toEqual([
      ['deploy_template', 'DeployTemplateCreated', uuid],
      ['deploy_template', 'DeployTemplateUpdated', uuid],
    ]);
    expect(((events[0]!.data as Json).steps as Json[])[0]).toEqual(masked());
    const created = events[0]!.position as number;
    expect((await call('GET', `/v1/deploy_templates/${uuid}?at=${created}`)).json.extra).toEqual({ v: 1 });
    expect((await call('GET', `/v1/deploy_templates/${uuid}`)).json.extra).toEqual({ v: 2 });
    expect(((await call('GET', `/v1/deploy_templates?at=${created - 1}`)).json.deploy_templates as Json[]).some((t) => t.uuid === uuid)).toBe(false);
    expect(((await call('GET', `/v1/deploy_templates?at=${created}`)).json.deploy_templates as Json[]).some((t) => t.uuid === uuid)).toBe(true);

    const feed = subscribeSse({ baseUrl: system.baseUrl, from: created - 1, eventTypes: ['DeployTemplateCreated', 'DeployTemplateUpdated'] });
    const seen: string[] = [];
    for await (const received of feed) {
      if ((received.event.meta as { templateId?: string }).templateId === uuid) {
        seen.push(`${received.kind} ${received.event.type}`);
        if (received.event.type === 'DeployTemplateCreated') expect(JSON.stringify(received.event.data)).not.toContain('p4ss');
      }
      if (seen.length === 2) break;
    }
    await feed.close();
    expect(seen).toEqual(['deploy_template DeployTemplateCreated', 'deploy_template DeployTemplateUpdated']);
  });
});
