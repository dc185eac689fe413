/**
 * What the agent tests' simulated agents download: `/disk.raw` (the image given) and any `*.iso`
 * (a placeholder: the simulated BMC inserts it without reading it); anything else is 404. Each
 * answer closes its connection: kept alive, Node's server would cut a download still being read
 * 5 s after the image left it.
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ImageServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function serveImages(image: Buffer): Promise<ImageServer> {
  const server = http.createServer((request, response) => {
    if (request.url === '/disk.raw') return void response.writeHead(200, { 'Content-Type': 'application/octet-stream', Connection: 'close' }).end(image);
    if (request.url?.endsWith('.iso')) return void response.writeHead(200, { Connection: 'close' }).end('not really an ISO');
    response.writeHead(404, { Connection: 'close' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
