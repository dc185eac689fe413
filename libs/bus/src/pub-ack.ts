/** JetStream's answer to a publish: where it stored the message, or why it did not. */
export interface PubAck {
  readonly seq?: number;
  readonly duplicate?: boolean;
  readonly error?: { readonly code?: number; readonly err_code?: number; readonly description?: string };
}

/** JetStream refused a publish (its PubAck carried an error), e.g. `wrong last sequence`; `code` is its API error code. */
export class PublishRefusedError extends Error {
  readonly type = 'publish_refused';
  constructor(
    readonly code: number,
    description: string,
  ) {
    super(`JetStream refused the publish (${code}): ${description}`);
  }
}

/** The refusal a PubAck carries, if it carries one. */
export function refusalOf(ack: PubAck): PublishRefusedError | undefined {
  return ack.error && new PublishRefusedError(ack.error.err_code ?? ack.error.code ?? 0, ack.error.description ?? 'no description');
}
