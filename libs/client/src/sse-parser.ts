/**
 * An incremental parser of `text/event-stream` as the WHATWG HTML standard specifies it
 * ("9.2.6 Interpreting an event stream"): lines end in CRLF, LF or CR (also across chunk
 * boundaries); `data:` lines accumulate; a blank line dispatches; `id` persists between events
 * and is ignored when it contains NUL; `retry` takes only digits; lines starting with `:` are
 * comments (heartbeats); a leading BOM is dropped; an event cut off by the end of the stream is
 * discarded.
 */

export interface SseEvent {
  /** The `event:` field, `message` when absent. */
  readonly event: string;
  readonly data: string;
  /** The last event id seen so far (persists across events, as `Last-Event-ID` does). */
  readonly id: string;
}

export class SseParser {
  /** The last `id:` seen: what to send as `Last-Event-ID` when reconnecting. */
  lastEventId = '';
  /** Reconnection delay the server asked for with `retry:`, in ms. */
  retry: number | undefined;
  /** Comment lines seen (heartbeats such as `: ping`). */
  comments = 0;

  private buffer = '';
  private started = false;
  /** The previous chunk ended in CR: a LF opening the next one belongs to that line end. */
  private pendingCR = false;
  private data: string[] = [];
  private eventType = '';

  /** Feeds decoded text; returns the events it completed. */
  push(text: string): SseEvent[] {
    if (text === '') return [];
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.pendingCR && text.startsWith('\n')) text = text.slice(1);
    this.pendingCR = false;
    this.buffer += text;
    const events: SseEvent[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer.charCodeAt(i);
      if (c !== 10 && c !== 13) continue;
      const line = this.buffer.slice(start, i);
      if (c === 13) {
        if (i + 1 === this.buffer.length) this.pendingCR = true;
        else if (this.buffer.charCodeAt(i + 1) === 10) i++;
      }
      start = i + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): SseEvent | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments++;
      return undefined;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.eventType = value;
        break;
      case 'data':
        this.data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) this.lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.retry = Number(value);
        break;
      default:
      // Unknown fields are ignored, as the standard says.
    }
    return undefined;
  }

  private dispatch(): SseEvent | undefined {
    const data = this.data;
    const event = this.eventType;
    this.data = [];
    this.eventType = '';
    if (data.length === 0) return undefined;
    return { event: event || 'message', data: data.join('\n'), id: this.lastEventId };
  }
}
