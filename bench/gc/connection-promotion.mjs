// How much of a closed connection's memory a Node server promotes to the old generation, with no
// framework at all: a bare `net` server writing a canned response, or a plain `http` server (docs/benchmarks.md, run R).
//   node bench/gc/connection-promotion.mjs [net|http] [seconds] [node flags…]
// The server runs in a child process with `--trace-gc` (and the flags given, e.g. npm start's); 8
// clients open a new connection per request. Promotion is read off the trace: how much the heap
// grows from one scavenge to the next (what a scavenge left in the old generation), summed and
// divided by the connections served.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

const BODY_BYTES = 3000;

if (process.argv[2] === '--serve') {
  const kind = process.argv[3];
  const body = 'x'.repeat(BODY_BYTES);
  const canned = `HTTP/1.1 200 OK\r\nContent-Length: ${BODY_BYTES}\r\nConnection: close\r\n\r\n${body}`;
  const { createServer } = kind === 'http' ? await import('node:http') : net;
  const server =
    kind === 'http'
      ? createServer((_request, response) => response.setHeader('Content-Type', 'application/json').end(body))
      : createServer((socket) => socket.once('data', () => socket.end(canned)));
  server.listen(0, '127.0.0.1', () => process.stderr.write(`${server.address().port}\n`));
} else {
  const [kind = 'net', seconds = '5', ...flags] = process.argv.slice(2);
  const child = spawn(process.execPath, ['--trace-gc', ...flags, fileURLToPath(import.meta.url), '--serve', kind], { stdio: ['ignore', 'pipe', 'pipe'] });
  let trace = '';
  child.stdout.on('data', (chunk) => (trace += chunk));
  const port = await new Promise((resolve) => child.stderr.once('data', (chunk) => resolve(Number(String(chunk).trim()))));
  const deadline = Date.now() + Number(seconds) * 1000;
  let connections = 0;
  const once = () =>
    new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      socket.on('data', () => {});
      socket.on('close', resolve);
      socket.on('error', resolve);
    });
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (Date.now() < deadline) {
      await once();
      connections++;
    }
  }));
  child.kill();
  await new Promise((resolve) => child.once('exit', resolve));
  let promoted = 0;
  let previous;
  let markCompacts = 0;
  for (const line of trace.split('\n')) {
    const scavenge = /Scavenge [\d.]+ \([\d.]+\) -> ([\d.]+)/.exec(line);
    if (scavenge) {
      const after = Number(scavenge[1]);
      if (previous !== undefined && after > previous) promoted += after - previous;
      previous = after;
    } else if (line.includes('Mark-Compact')) {
      markCompacts++;
      previous = undefined;
    }
  }
  console.log(`${kind} server: ${connections} connections, ${markCompacts} mark-compacts, about ${((promoted * 1024 * 1024) / connections / 1024).toFixed(1)} KB promoted per connection`);
}
