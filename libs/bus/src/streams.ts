import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager, type StreamConfig } from '@nats-io/jetstream';

/** JetStream's `JSStreamNameExistErr` (not among the client's named codes). */
const STREAM_NAME_IN_USE = 10058;

/**
 * Creates the JetStream stream `name`, or brings an existing one's configuration up to date.
 * Several processes may do this at once: whoever comes second updates what the first created.
 */
export async function ensureStream(jsm: JetStreamManager, name: string, config: Partial<StreamConfig>): Promise<void> {
  try {
    await jsm.streams.update(name, config);
    return;
  } catch (error) {
    if (!isApiError(error, JetStreamApiCodes.StreamNotFound)) throw error;
  }
  try {
    await jsm.streams.add({ ...config, name });
  } catch (error) {
    if (!isApiError(error, STREAM_NAME_IN_USE)) throw error;
    await jsm.streams.update(name, config);
  }
}

/** Whether `error` is the JetStream API's error `code`. */
export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
