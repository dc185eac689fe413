/**
 * HTTP basic authentication under a flood of wrong passwords, with bcrypt at cost 10 (a common
 * choice: a comparison takes 0.1-0.3 s of a core). 500 wrong passwords arrive at once from one
 * address while two users read: alice, whose credential the gateway has already proven, and
 * bob, who comes from another address for the first time during the flood.
 *
 * The bounds are the design's, not the machine's: a proven credential is answered from memory,
 * so alice's reads never wait for a comparison, only for the gateway to take the flood's 500
 * connections (measured by its slowest 429, which no comparison delays); comparisons are served
 * address by address, so bob's runs after at most two of the flood's (each measured by the gaps
 * between the flood's 401s). Before, bob's waited behind the flood's queue (231 comparisons,
 * 47 s here), and alice's too once her credential's minute was up (12 s).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { type RunningSystem, startSystem } from '../support/system.js';

jest.setTimeout(180_000);

const COST = 10;
const FLOOD = 500;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ALICE = basic('alice', 'alice-s3cret');
const BOB = basic('bob', 'bob-s3cret');

let system: RunningSystem;

beforeAll(async () => {
  const users = join(mkdtempSync(join(tmpdir(), 'ironledger-auth-flood-')), 'htpasswd');
  writeFileSync(users, `alice:${bcrypt.hashSync('alice-s3cret', COST)}\nbob:${bcrypt.hashSync('bob-s3cret', COST)}\n`);
  system = await startSystem({ env: { AUTH_STRATEGY: 'http_basic', HTTP_BASIC_AUTH_USER_FILE: users } });
}, 120_000);

afterAll(async () => {
  await system?.stop();
});

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

/** GET `path` with `authorization`, over `agent`'s connections, from loopback address `from`. */
function get(path: string, authorization: string, agent: http.Agent, from = '127.0.0.1'): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${system.baseUrl}${path}`, { headers: { authorization }, agent, localAddress: from }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body, ms: performance.now() - started }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * The flood and bob, from a process of their own (so that alice's reads in the test's process
 * never queue behind them on its event loop): `count` GETs of alice with wrong passwords at once,
 * each on its own connection; then bob's first GET, from 127.0.0.2, once the gateway has taken
 * the burst (four fifths of the flood answered, or 3 s passed) and while its comparisons still
 * run. Prints one JSON line per answer in the order they came in: who, status, body, how long it
 * took and when it came (ms since the process started).
 */
const FLOODER = `
const http = require('node:http');
const [url, count, bob] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(count) });
let left = Number(count) + 1;
let bobSent = false;
const sendBob = () => {
  if (bobSent) return;
  bobSent = true;
  get('bob', bob, { agent: new http.Agent(), localAddress: '127.0.0.2' });
};
const get = (who, authorization, options) => {
  const started = performance.now();
  http.get(url, { ...options, headers: { authorization } }, (response) => {
    let body = '';
    response.setEncoding('utf8').on('data', (chunk) => (body += chunk)).on('end', () => {
      console.log(JSON.stringify({ who, status: response.statusCode, body, ms: performance.now() - started, at: performance.now() }));
      if (--left === 0) agent.destroy();
      if (left === Math.floor(Number(count) / 5)) sendBob();
    });
  }).on('error', (error) => console.log(JSON.stringify({ who, status: 0, body: error.message })));
};
for (let i = 0; i < Number(count); i++) get('flood', 'Basic ' + Buffer.from('alice:guess-' + i).toString('base64'), { agent });
setTimeout(sendBob, 3000);
`;

interface Line {
  readonly who: 'flood' | 'bob';
  readonly status: number;
  readonly body: string;
  readonly ms: number;
  readonly at: number;
}

/** Runs the flood and bob's request; resolves with what came back, in order, once all did. */
function floodWithBob(url: string): Promise<Line[]> {
  const child = spawn(process.execPath, ['-e', FLOODER, url, String(FLOOD), BOB], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('close', () => resolve(output.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Line))));
}

describe('http_basic under a flood of wrong passwords (bcrypt cost 10)', () => {
  it('answers the users who know their password promptly, and every wrong one with 401 or 429 in Ironic’s format', async () => {
    const readers = new http.Agent({ keepAlive: true });
    expect((await get('/v1/nodes', ALICE, readers)).status).toBe(200);

    let flooding = true;
    const answers = floodWithBob(`${system.baseUrl}/v1/nodes`).finally(() => (flooding = false));
    const aliceReads: Answer[] = [];
    while (flooding) {
      aliceReads.push(await get('/v1/nodes?limit=1', ALICE, readers));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    readers.destroy();
    const lines = await answers;
    const refused = lines.filter((line) => line.who === 'flood');
    const bob = lines.find((line) => line.who === 'bob')!;

    expect(aliceReads.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(bob.status).toBe(200);
    // How long the gateway took to turn the flood away without comparing (its slowest 429: no comparison delays one),
    // and how long one comparison took at most (the longest gap between the flood's 401s, one comparison each).
    const turnedAway = Math.max(...refused.filter((refusal) => refusal.status === 429).map((refusal) => refusal.ms));
    const compared = refused.filter((refusal) => refusal.status === 401).map((refusal) => refusal.at);
    const comparison = Math.max(...compared.slice(1).map((at, i) => at - compared[i]!));
    // alice: no comparison on her way, so at most the gateway's time to take the flood, and her own read (0.5 s allowed).
    expect(Math.max(...aliceReads.map((answer) => answer.ms))).toBeLessThanOrEqual(turnedAway + 500);
    // bob: once his request is read, his comparison is the third at most (the one running, one of the flood's in turn,
    // his own). Before, it waited behind all the flood had queued (231 comparisons, 47 s).
    expect(bob.ms).toBeLessThanOrEqual(turnedAway + 3 * comparison + 500);

    expect(refused).toHaveLength(FLOOD);
    const statuses = new Map<number, number>();
    for (const answer of refused) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    expect([...statuses.keys()].filter((status) => status !== 401 && status !== 429)).toEqual([]);
    for (const answer of refused) {
      const fault = JSON.parse((JSON.parse(answer.body) as { error_message: string }).error_message) as Record<string, unknown>;
      expect(fault).toEqual({ faultcode: 'Client', faultstring: expect.any(String), debuginfo: null });
    }
    // The flood's own address is refused once it has too many waiting or has failed too often: most of it never reaches bcrypt.
    expect(statuses.get(429)).toBeGreaterThan(FLOOD / 2);
  });
});
