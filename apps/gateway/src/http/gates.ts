/** Ironic's microversion gates on whole resources, answered webob-style (`{code, title, description}`). */
import { routerError } from './errors.js';
import { type Microversion } from './microversion.js';

/**
 * A resource newer than the requested version: reading it is a 404, anything else a 405, both
 * saying `The API version does not allow <what>` (empty `what`: Ironic's empty description).
 */
export function requireResourceVersion(version: Microversion, minVersion: number, method: 'GET' | 'other', what: string): void {
  if (version.atLeast(minVersion)) return;
  const description = what ? `The API version does not allow ${what}` : '';
  throw routerError(method === 'GET' ? 404 : 405, description);
}
