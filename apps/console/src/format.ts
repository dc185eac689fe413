/** How times and identifiers read in the console. */

/** An ISO time in the browser's locale and time zone. */
export const formatTime = (iso: string): string => new Date(iso).toLocaleString();

/** A UUID's first group: enough to tell nodes apart on screen (the whole one is in the title). */
export const shortId = (uuid: string): string => uuid.slice(0, 8);
