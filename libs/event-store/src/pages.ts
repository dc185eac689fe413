import { type RecordedEvent } from './event-store.js';

/**
 * The events after position `after`, in pages of `pageSize` (the last one shorter, none empty):
 * `readAllPages` of a store that reads its log as a stream of events.
 */
export async function* pagesAfter(events: AsyncIterable<RecordedEvent>, after: number, pageSize: number): AsyncGenerator<RecordedEvent[]> {
  let page: RecordedEvent[] = [];
  for await (const event of events) {
    if (event.position <= after) continue;
    page.push(event);
    if (page.length >= pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
