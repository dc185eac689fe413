/**
 * The API's description as a running gateway serves it, with HTTP basic authentication on: the
 * OpenAPI document names every route of the gateway's controllers, and the reference page and
 * the Swagger UI assets it loads are served offline, to authenticated users only.
 */
import { describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { gatewayRoutes } from '../support/routes.js';
import { systemForFile } from '../support/system-for-file.js';

jest.setTimeout(60_000);

const users = join(mkdtempSync(join(tmpdir(), 'ironledger-openapi-')), 'htpasswd');
writeFileSync(users, `alice:${bcrypt.hashSync('s3cret', 4)}\n`);
const system = systemForFile({ env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: users } });

const alice = { authorization: `Basic ${Buffer.from('alice:s3cret').toString('base64')}` };
const get = (path: string, headers: Record<string, string> = alice) => fetch(`${system.baseUrl}${path}`, { headers });

describe('the API reference', () => {
  it('serves the OpenAPI document of every route of the gateway', async () => {
    const response = await get('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set(Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`)));
    const routes = gatewayRoutes().map(({ method, path }) => `${method} ${path}`);
    expect(routes.length).toBeGreaterThan(150);
    expect(routes.filter((route) => !documented.has(route))).toEqual([]);
  });

  it('renders it with Swagger UI from the gateway itself: the page and every asset it loads', async () => {
    for (const path of ['/v1/api-ref', '/v1/api-ref/']) {
      const page = await get(path);
      expect([path, page.status, page.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=utf-8']);
      const html = await page.text();
      expect(html).toContain("url: '/v1/openapi.json'");
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, asset]) => asset!);
      expect(assets).toEqual(expect.arrayContaining(['/v1/api-ref/swagger-ui-bundle.js', '/v1/api-ref/swagger-ui.css']));
      for (const asset of assets) expect([asset, (await get(asset)).status]).toEqual([asset, 200]);
    }
    const script = await get('/v1/api-ref/swagger-ui-bundle.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it('serves none of swagger-ui-dist’s other files (its own page shows the Petstore example)', async () => {
    for (const path of ['/v1/api-ref/index.html', '/v1/api-ref/swagger-initializer.js', '/v1/api-ref/package.json']) expect([path, (await get(path)).status]).toEqual([path, 404]);
  });

  it('asks for credentials, as every route that is not public does', async () => {
    for (const path of ['/v1/openapi.json', '/v1/api-ref', '/v1/api-ref/swagger-ui-bundle.js']) {
      const response = await get(path, {});
      expect([path, response.status, response.headers.get('www-authenticate')]).toEqual([path, 401, 'Basic realm="Baremetal API"']);
    }
  });
});
