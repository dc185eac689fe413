/** The store cannot be reached now (its server is down, or the connection to it): a read may be retried later. */
export class StoreUnavailableError extends Error {
  readonly type = 'unavailable' as const;
  constructor(message: string) {
    super(message);
    this.name = 'StoreUnavailableError';
  }
}

/** The stream's revision was not what the appender expected: someone else committed first. */
export class ConcurrencyError extends Error {
  readonly type = 'concurrency' as const;
  constructor(
    readonly streamId: string,
    readonly expected: string | number,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} is at revision ${actual}, expected ${expected}`);
    this.name = 'ConcurrencyError';
  }
}
