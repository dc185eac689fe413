/** How Ironic shows what every resource has: links and timestamps. */

/** `[self, bookmark]` links of a resource path such as `nodes/<uuid>`. */
export function resourceLinks(baseUrl: string, path: string): { href: string; rel: string }[] {
  return [
    { href: `${baseUrl}/v1/${path}`, rel: 'self' },
    { href: `${baseUrl}/${path}`, rel: 'bookmark' },
  ];
}

/** The JSON Schema of `resourceLinks`. */
export const LINKS_SCHEMA = {
  type: 'array',
  items: { type: 'object', properties: { href: { type: 'string', format: 'uri' }, rel: { type: 'string', enum: ['self', 'bookmark'] } }, required: ['href', 'rel'], additionalProperties: false },
} as const;

/** The JSON Schema of `ironicTime`'s text; `null` where the time may be missing. */
export const TIME_SCHEMA = { type: 'string', format: 'date-time' } as const;
export const OPTIONAL_TIME_SCHEMA = { type: ['string', 'null'], format: 'date-time' } as const;

/**
 * The JSON Schema of one page of a collection, as Ironic's lists show it: the items under `key`
 * (each the component `item` names), and a link to the next page when this one is full.
 */
export function pageSchema(key: string, item: string, itemSchema: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      [key]: { type: 'array', items: { $ref: `#/definitions/${item}` } },
      next: { type: 'string', format: 'uri', description: 'The next page, when this one is full (it may turn out empty).' },
    },
    required: [key],
    additionalProperties: false,
    definitions: { [item]: itemSchema, Links: LINKS_SCHEMA },
  };
}

/** ISO 8601 as Ironic prints it: microseconds and an explicit UTC offset. */
export function ironicTime(iso: string | null): string | null {
  if (iso === null) return null;
  // What the domain records (`Date#toISOString`) needs no parsing.
  if (ISO_UTC_MILLIS.test(iso)) return `${iso.slice(0, -1)}000+00:00`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, -1)}000+00:00`;
}

const ISO_UTC_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
