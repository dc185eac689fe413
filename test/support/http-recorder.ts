import http from 'node:http';
import { type AddressInfo } from 'node:net';

/** One request as a client sent it and the answer it got, bodies as text. */
export interface Exchange {
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: http.IncomingHttpHeaders;
  readonly requestBody: string;
  readonly status: number;
  readonly responseHeaders: http.IncomingHttpHeaders;
  readonly responseBody: string;
  readonly ms: number;
}

export interface Recorder {
  /** Where clients should send their requests (`http://127.0.0.1:PORT`). */
  readonly url: string;
  /** Everything recorded since the last `take()`, oldest first; clears the record. */
  take(): Exchange[];
  close(): Promise<void>;
}

/**
 * A transparent HTTP proxy that records every exchange, for showing exactly what a real client
 * (e.g. the `baremetal` CLI) sent and what it got back. It keeps the client's Host header, so the
 * links in the answers name the proxy and the client keeps talking through it.
 */
export async function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  let exchanges: Exchange[] = [];
  const server = http.createServer((req, res) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks);
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: false },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            const responseBody = Buffer.concat(parts);
            exchanges.push({
              method: req.method ?? '',
              url: req.url ?? '',
              requestHeaders: req.headers,
              requestBody: requestBody.toString('utf8'),
              status: answer.statusCode ?? 0,
              responseHeaders: answer.headers,
              responseBody: responseBody.toString('utf8'),
              ms: Date.now() - started,
            });
            const headers = { ...answer.headers };
            delete headers['transfer-encoding'];
            headers['content-length'] = String(responseBody.length);
            res.writeHead(answer.statusCode ?? 502, headers);
            res.end(responseBody);
          });
        },
      );
      forward.on('error', (error) => {
        exchanges.push({ method: req.method ?? '', url: req.url ?? '', requestHeaders: req.headers, requestBody: requestBody.toString('utf8'), status: 502, responseHeaders: {}, responseBody: `proxy: ${error.message}`, ms: Date.now() - started });
        res.writeHead(502).end();
      });
      forward.end(requestBody);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take() {
      const taken = exchanges;
      exchanges = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Readable dump of exchanges (the interesting headers, bodies cut at `limit` characters). */
export function formatExchanges(exchanges: readonly Exchange[], limit = 2000): string {
  const pick = (headers: http.IncomingHttpHeaders) =>
    Object.entries(headers)
      .filter(([name]) => /^(x-openstack|openstack|content-type|location|accept|user-agent)/i.test(name))
      .map(([name, value]) => `    ${name}: ${String(value)}`)
      .join('\n');
  const cut = (text: string) => (text.length > limit ? `${text.slice(0, limit)}… (${text.length} chars)` : text);
  return exchanges
    .map((x) => [`> ${x.method} ${x.url}`, pick(x.requestHeaders), x.requestBody ? `    ${cut(x.requestBody)}` : '', `< ${x.status} (${x.ms} ms)`, pick(x.responseHeaders), x.responseBody ? `    ${cut(x.responseBody)}` : ''].filter(Boolean).join('\n'))
    .join('\n');
}
