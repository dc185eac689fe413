/**
 * What the demo fleet boots and deploys, served by the simulator itself so that `npm start`
 * needs no image server of its own: the agent's ISO (`/images/ipa.iso`, which the simulated
 * systems boot without reading) and a small whole-disk image (`/images/demo.img`) with its
 * SHA-256 checksum file (`/images/demo.img.sha256`, as `sha256sum` writes one), which the
 * simulated agent downloads, checks and writes. Every answer closes its connection: an image
 * download is one request, and a kept-alive socket would outlive the agent's read of it.
 */
import { createHash } from 'node:crypto';
import { type FastifyInstance } from 'fastify';

/** The demo image's size: big enough to take several chunks, small enough to deploy in a blink. */
const DEMO_IMAGE_BYTES = 1024 * 1024;

/** A deterministic image, so that its checksum is the same in every run. */
export function demoImage(): Buffer {
  const image = Buffer.alloc(DEMO_IMAGE_BYTES);
  for (let offset = 0; offset < image.length; offset++) image[offset] = (offset * 31 + (offset >> 12)) & 255;
  return image;
}

export function imageRoutes(app: FastifyInstance): void {
  const image = demoImage();
  const checksum = `${createHash('sha256').update(image).digest('hex')}  demo.img\n`;
  const files: Readonly<Record<string, { type: string; body: Buffer | string }>> = {
    'demo.img': { type: 'application/octet-stream', body: image },
    'demo.img.sha256': { type: 'text/plain; charset=utf-8', body: checksum },
    'ipa.iso': { type: 'application/octet-stream', body: 'the simulated systems boot their agent without reading this ISO\n' },
  };
  app.get<{ Params: { file: string } }>('/images/:file', (request, reply) => {
    const file = Object.hasOwn(files, request.params.file) ? files[request.params.file] : undefined;
    reply.header('connection', 'close');
    if (!file) return void reply.code(404).type('text/plain').send(`no image ${request.params.file}; served: ${Object.keys(files).join(', ')}\n`);
    reply.type(file.type).send(file.body);
  });
}
