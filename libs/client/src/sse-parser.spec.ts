import { describe, expect, it } from '@jest/globals';
import { SseParser } from './sse-parser.js';

/** Feeds `text` cut into the given chunk sizes (cycled) and collects the events. */
function parse(text: string, sizes: number[] = [text.length]) {
  const parser = new SseParser();
  const events = [];
  for (let i = 0, k = 0; i < text.length; k++) {
    const size = Math.max(1, sizes[k % sizes.length]);
    events.push(...parser.push(text.slice(i, i + size)));
    i += size;
  }
  return { parser, events };
}

describe('SseParser', () => {
  const stream = ': ping\n\nid: 1000\nevent: NodeRegistered\ndata: {"position":1000}\n\nid: 2001\nevent: ProvisionStateChanged\ndata: {"position":2001}\n\n';

  it('parses events with their id and type, and counts heartbeat comments', () => {
    const { parser, events } = parse(stream);
    expect(events).toEqual([
      { event: 'NodeRegistered', data: '{"position":1000}', id: '1000' },
      { event: 'ProvisionStateChanged', data: '{"position":2001}', id: '2001' },
    ]);
    expect(parser.comments).toBe(1);
    expect(parser.lastEventId).toBe('2001');
  });

  it.each([[[1]], [[2]], [[3, 7]], [[5, 1, 13]], [[64]]])('gives the same events whatever the chunking (%j)', (sizes) => {
    expect(parse(stream, sizes).events).toEqual(parse(stream).events);
  });

  it('accepts CRLF, CR and LF line ends, also split between chunks', () => {
    const crlf = stream.replace(/\n/g, '\r\n');
    const cr = stream.replace(/\n/g, '\r');
    for (const text of [crlf, cr]) {
      for (const sizes of [[1], [2], [3, 5], [text.length]]) expect(parse(text, sizes).events).toEqual(parse(stream).events);
    }
    // A CR closing one chunk and the LF opening the next are one line end, not two.
    const parser = new SseParser();
    expect(parser.push('data: a\r')).toEqual([]);
    expect(parser.push('\ndata: b\r\n\r\n')).toEqual([{ event: 'message', data: 'a\nb', id: '' }]);
  });

  it('joins data lines with newlines, and reads a field without a space or without a colon', () => {
    expect(parse('data:first\ndata: second\ndata\n\n').events).toEqual([{ event: 'message', data: 'first\nsecond\n', id: '' }]);
    expect(parse('data:  two spaces\n\n').events[0].data).toBe(' two spaces');
  });

  it('dispatches nothing for a block without data, and forgets its event type', () => {
    expect(parse('event: Lonely\n\ndata: x\n\n').events).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('keeps the last id for later events and ignores an id containing NUL', () => {
    const { events, parser } = parse('id: 7\ndata: a\n\ndata: b\n\nid: 8\u00000\ndata: c\n\n');
    expect(events.map((e) => e.id)).toEqual(['7', '7', '7']);
    expect(parser.lastEventId).toBe('7');
  });

  it('takes retry only when it is all digits', () => {
    expect(parse('retry: 2500\n\n').parser.retry).toBe(2500);
    expect(parse('retry: 2.5s\n\n').parser.retry).toBeUndefined();
  });

  it('drops a leading BOM and ignores unknown fields', () => {
    expect(parse('\ufeffdata: x\nfoo: bar\n\n').events).toEqual([{ event: 'message', data: 'x', id: '' }]);
    expect(parse('\ufeffdata: x\n\n', [1]).events).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('discards an event cut off by the end of the stream', () => {
    expect(parse('data: complete\n\ndata: cut off\n').events).toEqual([{ event: 'message', data: 'complete', id: '' }]);
  });

  it('keeps multi-byte characters intact when a chunk splits them (with a streaming decoder)', () => {
    const bytes = new TextEncoder().encode('data: {"reason":"Lüfter défaillant ✓"}\n\n');
    const decoder = new TextDecoder();
    const parser = new SseParser();
    const events = [];
    for (let i = 0; i < bytes.length; i++) events.push(...parser.push(decoder.decode(bytes.subarray(i, i + 1), { stream: true })));
    expect(events).toEqual([{ event: 'message', data: '{"reason":"Lüfter défaillant ✓"}', id: '' }]);
  });
});
