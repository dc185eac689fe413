import { describe, expect, it } from '@jest/globals';
import { SseParser } from './sse.js';

describe('SseParser', () => {
  it('reads the gateway’s messages: id, event type and JSON data, skipping retry and comments', () => {
    const parser = new SseParser();
    expect(parser.push('retry: 1000\n\n: ping\n\nid: 7000\nevent: NodeRegistered\ndata: {"position":7000}\n\n')).toEqual([{ id: '7000', event: 'NodeRegistered', data: '{"position":7000}' }]);
  });

  it('completes messages cut anywhere across chunks, CRLF split in two included', () => {
    const stream = 'id: 1\r\nevent: A\r\ndata: one\r\n\r\nid: 2\nevent: B\ndata: two\n\n';
    for (let cut = 1; cut < stream.length; cut++) {
      const parser = new SseParser();
      const messages = [...parser.push(stream.slice(0, cut)), ...parser.push(stream.slice(cut))];
      expect([cut, messages]).toEqual([cut, [{ id: '1', event: 'A', data: 'one' }, { id: '2', event: 'B', data: 'two' }]]);
    }
  });

  it('joins data lines, defaults the type to message, and keeps the last id for messages without one', () => {
    const parser = new SseParser();
    expect(parser.push('id: 5\ndata: a\ndata:b\n\ndata\n\n')).toEqual([
      { id: '5', event: 'message', data: 'a\nb' },
      { id: '5', event: 'message', data: '' },
    ]);
  });

  it('dispatches nothing for a message without data, and waits for the blank line that ends one', () => {
    const parser = new SseParser();
    expect(parser.push('id: 9\nevent: X\n\n')).toEqual([]);
    expect(parser.push('data: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: '9', event: 'message', data: 'half' }]);
  });
});
