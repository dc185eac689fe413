/**
 * The load generator's HTTP client: JSON requests with `X-OpenStack-Ironic-API-Version: latest`,
 * each on a new TCP connection written by hand (as the Ironic anchor's load.py sends them), or over
 * Node's kept-alive connections.
 */
import http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

export interface Answer {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

export class NetworkError extends Error {}

export interface HttpSender {
  send(method: string, path: string, payload?: unknown): Promise<Answer>;
  /** Ends the kept-alive connections, if any. */
  close(): void;
}

/** A sender of JSON requests to `api`: over kept-alive connections (Node's agent), or each on a new one, as load.py sends them. */
export function httpSender(api: URL, keepAlive: boolean): HttpSender {
  const agent = keepAlive ? new http.Agent({ keepAlive: true, maxSockets: Infinity }) : undefined;
  return {
    send(method, path, payload) {
      const body = payload === undefined ? undefined : JSON.stringify(payload);
      return agent ? sendKeepAlive(api, agent, method, path, body) : sendOnNewConnection(api, method, path, body);
    },
    close: () => agent?.destroy(),
  };
}

function sendKeepAlive(api: URL, agent: http.Agent, method: string, path: string, body: string | undefined): Promise<Answer> {
  const headers: Record<string, string | number> = { 'X-OpenStack-Ironic-API-Version': 'latest', Accept: 'application/json' };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = Buffer.byteLength(body);
  }
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: api.hostname, port: api.port || 80, path, method, headers, agent, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', (error) => reject(new NetworkError(`${method} ${path}: ${error.message}`)));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 60 s')));
    req.on('error', (error) => reject(new NetworkError(`${method} ${path}: ${error.message}`)));
    req.end(body);
  });
}

/**
 * One request on a new TCP connection (`Connection: close`), written and read by hand: Node's
 * HTTP client spent about as much CPU per request as the server under test, CPU the client and
 * the server share on a small machine. The answer counts from the moment its body is complete
 * (by `Content-Length`, or when the server closes); the server closes the connection, as before.
 */
function sendOnNewConnection(api: URL, method: string, path: string, body: string | undefined): Promise<Answer> {
  const request =
    `${method} ${path} HTTP/1.1\r\nHost: ${api.host}\r\nX-OpenStack-Ironic-API-Version: latest\r\nAccept: application/json\r\nConnection: close\r\n` +
    (body === undefined ? '\r\n' : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const started = performance.now();
  return new Promise<Answer>((resolve, reject) => {
    let received: Buffer = Buffer.alloc(0);
    let settled = false;
    const settle = (answer: Omit<Answer, 'ms'> | Error) => {
      if (settled) return;
      settled = true;
      if (answer instanceof Error) reject(new NetworkError(`${method} ${path}: ${answer.message}`));
      else resolve({ ...answer, ms: performance.now() - started });
    };
    const socket = net.connect(Number(api.port || 80), api.hostname);
    socket.setTimeout(60_000, () => socket.destroy(new Error('timeout after 60 s')));
    socket.on('data', (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const response = parseResponse(received, false);
      if (response) settle(response);
    });
    socket.on('end', () => settle(parseResponse(received, true) ?? new Error(`incomplete answer (${received.length} bytes)`)));
    socket.on('error', (error) => settle(error));
    socket.on('close', () => settle(new Error('connection closed without an answer')));
    socket.write(request);
  });
}

/** Status and body of a whole HTTP/1.1 response, or null while it is incomplete (`closed`: nothing more will come). */
function parseResponse(bytes: Buffer, closed: boolean): { status: number; body: string } | null {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = bytes.subarray(0, headEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const rest = bytes.subarray(headEnd + 4);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) return rest.length >= Number(length[1]) ? { status, body: rest.subarray(0, Number(length[1])).toString('utf8') } : null;
  if (!closed) return null;
  return { status, body: /\r\ntransfer-encoding: *chunked/i.test(head) ? dechunk(rest) : rest.toString('utf8') };
}

function dechunk(bytes: Buffer): string {
  const parts: Buffer[] = [];
  for (let at = 0; ; ) {
    const lineEnd = bytes.indexOf('\r\n', at);
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (lineEnd < 0 || !(size > 0)) return Buffer.concat(parts).toString('utf8');
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
