/** How Ironic shows what every resource has: links and timestamps. */

/** `[self, bookmark]` links of a resource path such as `nodes/<uuid>`. */
export function resourceLinks(baseUrl: string, path: string): { href: string; rel: string }[] {
  return [
    { href: `${baseUrl}/v1/${path}`, rel: 'self' },
    { href: `${baseUrl}/${path}`, rel: 'bookmark' },
  ];
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
