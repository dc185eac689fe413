/** How times and identifiers read in the console. */

/**
 * An instant as ISO 8601 in UTC to the second (`2026-11-29T10:19:02Z`): the same on every
 * operator's screen, and the form the API's `at` and the logs use.
 */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  return Number.isNaN(time.getTime()) ? iso : time.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A UUID's first group: enough to tell nodes apart on screen (the whole one is in the title). */
export const shortId = (uuid: string): string => uuid.slice(0, 8);
