// CPU profile of a whole Node process, the same .cpuprofile that `node --cpu-prof` writes, for
// processes started by helpers that do not take Node flags (`--cpu-prof` is not allowed in
// NODE_OPTIONS, `--import` is):
//   NODE_OPTIONS="--import=/abs/path/bench/provision/cpu-profile.mjs" CPU_PROFILE_DIR=/tmp/prof node app.js
// Writes CPU.<pid>.cpuprofile into CPU_PROFILE_DIR when the process exits (process.exit or end of work).
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const dir = process.env.CPU_PROFILE_DIR || process.cwd();
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: Number(process.env.CPU_PROFILE_INTERVAL_US) || 1000 });
session.post('Profiler.start');
process.on('exit', () => {
  // The in-thread inspector session answers synchronously, so this works in an 'exit' handler.
  session.post('Profiler.stop', (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `CPU.${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
