#!/usr/bin/env node
// The `ironledger` command. npm links a workspace's bin when it installs, before anything is
// built, so the bin is this committed file: it runs the built CLI (dist/, which `npm start` and
// `npm run build` make), or, in a checkout not built yet, the TypeScript sources. Without
// NATS_URL it reads the store of this checkout's own nats-server (the one `npm start` runs).
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';

const built = new URL('../dist/main.js', import.meta.url);
const source = new URL('../src/main.ts', import.meta.url);
const loader = new URL('../../../scripts/ts-loader.mjs', import.meta.url);
const checkoutNats = new URL('../../../.run/nats/url', import.meta.url);

if (!process.env.NATS_URL && existsSync(checkoutNats)) process.env.NATS_URL = readFileSync(checkoutNats, 'utf8').trim();

if (existsSync(built)) {
  await import(built.href);
} else if (existsSync(source) && existsSync(loader)) {
  register(loader.href);
  await import(source.href);
} else {
  console.error('ironledger is not built: run `npm run build` first.');
  process.exitCode = 1;
}
