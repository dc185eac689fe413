import { NamedError } from '@ironledger/domain';

/** The store cannot be reached now (its server is down, or the connection to it): a read may be retried later. */
export class StoreUnavailableError extends NamedError {
  readonly type = 'unavailable' as const;
}

/** The stream's revision was not what the appender expected: someone else committed first. */
export class ConcurrencyError extends NamedError {
  readonly type = 'concurrency' as const;
  constructor(
    readonly streamId: string,
    readonly expected: string | number,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId} is at revision ${actual}, expected ${expected}`);
  }
}
