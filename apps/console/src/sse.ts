/**
 * Server-sent events read from a fetch stream rather than through `EventSource`: the gateway
 * names each event by its type (`event: ProvisionStateChanged`), and `EventSource` delivers only
 * the types it was told to listen for, while the console wants them all, and resumes by itself.
 */

export interface SseMessage {
  /** The `id:` field (the event's global position, for `GET /v1/events`), if the message had one. */
  readonly id?: string;
  /** The `event:` field; `message` when absent. */
  readonly event: string;
  readonly data: string;
}

/**
 * The `text/event-stream` format (the HTML standard's "interpreting an event stream"), read
 * incrementally: `push` takes text as it arrives, in chunks cut anywhere, and returns the
 * messages it completed. Comments (`: ping`) and `retry:` are skipped.
 */
export class SseParser {
  private pending = '';
  private data: string[] = [];
  private event = '';
  private id: string | undefined;

  push(chunk: string): SseMessage[] {
    // A lone CR at the end may be the first half of a CRLF: keep it until the next chunk.
    const lines = (this.pending + chunk).split(/\r\n|\r(?!$)|\n/);
    this.pending = lines.pop()!;
    const messages: SseMessage[] = [];
    for (const line of lines) {
      if (line === '') {
        if (this.data.length > 0) messages.push({ ...(this.id !== undefined && { id: this.id }), event: this.event || 'message', data: this.data.join('\n') });
        this.data = [];
        this.event = '';
        continue;
      }
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'data') this.data.push(value);
      else if (field === 'event') this.event = value;
      else if (field === 'id' && !value.includes('\0')) this.id = value;
    }
    return messages;
  }
}
