/**
 * The operator console (`apps/console`, a static single-page app) served at `/console/`. With
 * `http_basic` it is behind the same authentication as the API: the browser asks for credentials
 * once and sends them with the page's API calls and event stream. With `keystone` its files are
 * open (see `http-context.ts`) and the page asks for a token itself, which its calls send.
 */
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors.js';
import { CONSOLE_PATH } from './console-routes.js';

/**
 * Where the console's build is: `CONSOLE_DIR`, else `apps/console/dist`, found from this module,
 * which sits as deep in `apps/gateway/src` (the tests run the sources) as in `apps/gateway/dist`.
 */
export function consoleDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.CONSOLE_DIR ? resolve(env.CONSOLE_DIR) : fileURLToPath(new URL('../../../console/dist', import.meta.url));
}

/**
 * Serves the console's files below `/console/`. The build is looked for on each request, so a
 * gateway started before `npm run build` serves the console once it is built, and says what to
 * do until then (503, never a 500).
 */
export function serveConsole(fastify: FastifyInstance, dir: string = consoleDir()): void {
  // Vite names assets by content hash: they never change. The page itself is checked on every load.
  const setHeaders = (reply: FastifyReply, path: string) => void reply.header('Cache-Control', path.startsWith(join(dir, 'assets')) ? 'private, max-age=31536000, immutable' : 'no-cache');
  void fastify.register(fastifyStatic, { root: dir, prefix: `${CONSOLE_PATH}/`, decorateReply: false, index: false, cacheControl: false, setHeaders });
  // The router ignores trailing slashes, so this one route is both `/console` (sent on to the page's one address) and `/console/`.
  fastify.get(CONSOLE_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
    const [path, query] = splitUrl(request.url);
    if (!path.endsWith('/')) return reply.redirect(`${CONSOLE_PATH}/${query}`, 301);
    let page: Buffer;
    try {
      page = await readFile(join(dir, 'index.html'));
    } catch {
      return reply.code(503).send(errorBody(503, `The console has not been built (no ${join(dir, 'index.html')}): run \`npm run build\`.`));
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(page);
  });
}

/** A request URL's path and its query (with its `?`, or empty). */
function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}
