/**
 * The version document (`GET /v1`) links only resources that answer: every link it advertises,
 * at each of several microversions, is followed with that version and must not be a 404.
 * Data-driven from the document itself, so resources are checked as soon as they are advertised.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const system = systemForFile();

const VERSIONS = ['1.1', '1.22', '1.31', '1.49', '1.55', '1.82'];

/** The status of `GET href`; a streamed body (the SSE feed) is not waited for. */
async function statusOf(href: string, version: string): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(href, { headers: { 'X-OpenStack-Ironic-API-Version': version }, signal: controller.signal });
  controller.abort();
  return response.status;
}

describe('GET /v1', () => {
  it.each(VERSIONS)('at %s, every advertised resource answers', async (version) => {
    const document = (await (await fetch(`${system.baseUrl}/v1`, { headers: { 'X-OpenStack-Ironic-API-Version': version } })).json()) as Record<string, unknown>;
    const resources = Object.entries(document).filter(([key]) => !['id', 'links', 'media_types', 'version'].includes(key));
    expect(resources.map(([key]) => key)).toEqual(expect.arrayContaining(['chassis', 'nodes', 'ports', 'drivers']));
    for (const [name, links] of resources) {
      const [self, bookmark] = links as { href: string; rel: string }[];
      expect([self, bookmark]).toEqual([{ href: `${system.baseUrl}/v1/${name}/`, rel: 'self' }, { href: `${system.baseUrl}/${name}/`, rel: 'bookmark' }]);
      const status = await statusOf(self!.href, version);
      expect({ name, version, status }).not.toEqual({ name, version, status: 404 });
    }
  });

  it('follows Ironic’s key order and adds resources only from their version', async () => {
    const keys = async (version: string) => Object.keys((await (await fetch(`${system.baseUrl}/v1/`, { headers: { 'X-OpenStack-Ironic-API-Version': version } })).json()) as object);
    expect((await keys('1.1')).slice(0, 8)).toEqual(['id', 'links', 'media_types', 'chassis', 'nodes', 'ports', 'drivers', 'version']);
    expect(await keys('1.48')).not.toContain('conductors');
    expect(await keys('1.49')).toContain('conductors');
  });

  it('answers a resource Ironic serves by POST only with 405, and an unknown one with 404, in the router’s body without version headers', async () => {
    const heartbeat = await fetch(`${system.baseUrl}/v1/heartbeat/`, { headers: { 'X-OpenStack-Ironic-API-Version': '1.82' } });
    expect(heartbeat.status).toBe(405);
    expect(await heartbeat.json()).toEqual({ error_message: '{"code": 405, "title": "Method Not Allowed", "description": ""}' });
    const unknown = await fetch(`${system.baseUrl}/v1/bogus`, { headers: { 'X-OpenStack-Ironic-API-Version': '1.82' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error_message: '{"code": 404, "title": "Not Found", "description": ""}' });
    expect(unknown.headers.get('x-openstack-ironic-api-version')).toBeNull();
  });
});
