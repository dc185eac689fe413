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
