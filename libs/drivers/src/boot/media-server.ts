/**
 * The conductor's image server for what it makes per node for a BMC to fetch: the configuration
 * floppy of a virtual-media boot. Each image is served under a random name (the token it holds is
 * the node's secret; only whoever was given the URL, the BMC, can read it) until it is withdrawn
 * when the media is ejected. It listens only once something is published, so a process that never
 * boots from virtual media opens no port.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { hostname } from 'node:os';

export interface MediaServerOptions {
  /** VMEDIA_SERVER_HOST (default 127.0.0.1): the address it listens on; BMCs must reach it. */
  readonly host?: string;
  /** VMEDIA_SERVER_PORT (default 0: any free port). */
  readonly port?: number;
  /**
   * VMEDIA_SERVER_URL: its base URL as BMCs reach it (default `http://{host}:{port}`, with the
   * machine's host name for a wildcard host, which a container network resolves).
   */
  readonly publicUrl?: string;
}

/** Publishes per-node images for BMCs. */
export interface MediaPublisher {
  /** Serves `image` for `nodeId` (replacing what it served for it before); resolves with its URL. */
  publish(nodeId: string, image: Buffer): Promise<string>;
  /** Stops serving the node's image. */
  withdraw(nodeId: string): void;
  close(): Promise<void>;
}

export function mediaServer(options: MediaServerOptions = {}): MediaPublisher {
  const byName = new Map<string, Buffer>();
  const nameOf = new Map<string, string>();
  let listening: Promise<string> | null = null;
  let server: Server | null = null;

  const start = (): Promise<string> => {
    const http = createServer((request, response) => {
      const name = /^\/vmedia\/([A-Za-z0-9_-]+\.img)$/.exec(request.url ?? '')?.[1];
      const image = name ? byName.get(name) : undefined;
      // Closed once sent: BMCs fetch one image and go; a kept-alive socket would only linger.
      const headers = { Connection: 'close' };
      if (request.method !== 'GET' && request.method !== 'HEAD') return void response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
      if (!image) return void response.writeHead(404, headers).end();
      response.writeHead(200, { ...headers, 'Content-Type': 'application/octet-stream', 'Content-Length': image.length });
      response.end(request.method === 'HEAD' ? undefined : image);
    });
    server = http;
    return new Promise((resolve, reject) => {
      http.once('error', reject);
      http.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
        const { address, port } = http.address() as AddressInfo;
        const host = address === '0.0.0.0' || address === '::' ? hostname() : address.includes(':') ? `[${address}]` : address;
        resolve((options.publicUrl ?? `http://${host}:${port}`).replace(/\/+$/, ''));
      });
    });
  };

  return {
    async publish(nodeId, image) {
      listening ??= start();
      const base = await listening;
      this.withdraw(nodeId);
      const name = `${randomBytes(24).toString('base64url')}.img`;
      byName.set(name, image);
      nameOf.set(nodeId, name);
      return `${base}/vmedia/${name}`;
    },
    withdraw(nodeId) {
      const name = nameOf.get(nodeId);
      if (name) byName.delete(name);
      nameOf.delete(nodeId);
    },
    async close() {
      byName.clear();
      nameOf.clear();
      const http = server;
      if (!http) return;
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
