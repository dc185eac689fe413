/** Where the console is served (see `console-assets.ts`); apart, so that the request context reads it without the static plugin. */
export const CONSOLE_PATH = '/console';

/** The console's routes as registered: its page, and every file below it (the static plugin's wildcard). */
export const CONSOLE_ROUTES: ReadonlySet<string> = new Set([CONSOLE_PATH, `${CONSOLE_PATH}/*`]);
