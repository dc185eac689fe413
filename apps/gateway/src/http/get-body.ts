import { type FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';
import { parseJsonBody } from './http-context.js';
import { MAX_BODY_BYTES } from './server-options.js';

/**
 * The JSON body of a GET, which the server leaves unread: a vendor method called with GET takes
 * its arguments from the body, as Ironic's API reads it (`undefined`: none).
 */
export async function readGetBody(request: FastifyRequest): Promise<unknown> {
  const raw = request.raw;
  if (raw.readableEnded) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'Request body is too large');
    chunks.push(chunk as Buffer);
  }
  return parseJsonBody(Buffer.concat(chunks).toString('utf8'));
}
