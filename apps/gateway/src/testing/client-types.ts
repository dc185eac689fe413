/**
 * The TypeScript types a generated client uses, made by `openapi-typescript` from the API
 * document, and the file they are kept in (tests type-check against it; a test regenerates it
 * from the document the gateway serves and fails when the two differ).
 */
import openapiTS, { astToString } from 'openapi-typescript';

/** Where the generated types are committed, from the repository's root. */
export const CLIENT_TYPES_FILE = 'test/support/ironic-api.ts';

const HEADER = `/**
 * The Ironic API's types as \`openapi-typescript\` generates them from \`GET /v1/openapi.json\`: do not edit.
 * Regenerate with \`UPDATE_CLIENT_TYPES=1 jt apps/gateway/src/openapi/openapi.int.spec.ts\`; that test fails while this file is out of date.
 */
`;

/** The types of `document` (without its `servers`, which name the gateway that served it), as the file holds them. */
export async function clientTypes(document: object): Promise<string> {
  const { servers: _servers, ...described } = document as { servers?: unknown };
  return HEADER + astToString(await openapiTS(described as Parameters<typeof openapiTS>[0], { emptyObjectsUnknown: true }));
}
