import { type Handled } from './command-handler.js';
import { type UniqueClaims } from './unique-claims.js';
import { type ClaimKind } from '@ironledger/contracts';

/**
 * Carries out `run` on resource `id` with the unique name `wanted` claimed first when the
 * resource does not hold it yet (so two resources never both get it), then releases what the
 * resource no longer holds: the name it had before a rename or deletion, or the claimed one
 * when the command was refused or did not give it. `nameOf` reads a resource's name.
 */
export async function withNameClaim<E, S>(
  claims: UniqueClaims,
  kind: ClaimKind,
  id: string,
  wanted: string | null | undefined,
  audit: Record<string, unknown>,
  run: () => Promise<Handled<E, S>>,
  nameOf: (state: S | null) => string | null,
): Promise<Handled<E, S>> {
  const claimed = typeof wanted === 'string' && (await claims.claim({ kind, value: wanted }, id, audit));
  let handled: Handled<E, S>;
  try {
    handled = await run();
  } catch (error) {
    if (claimed) await claims.release({ kind, value: wanted }, id, audit).catch(() => undefined);
    throw error;
  }
  // Committed whatever happens now: a claim left behind by a failed release is void after its grace period.
  const held = nameOf(handled.state);
  for (const name of new Set([wanted, nameOf(handled.previous)])) {
    if (typeof name === 'string' && name !== held) await claims.release({ kind, value: name }, id, audit).catch(() => undefined);
  }
  return handled;
}
