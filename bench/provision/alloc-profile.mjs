// What a process allocates, by call stack: V8's sampling heap profiler keeping the samples of
// objects already collected, so the profile counts every allocation, not what is still live.
//   NODE_OPTIONS="--import=/abs/path/bench/provision/alloc-profile.mjs" ALLOC_PROFILE_DIR=/tmp/alloc node app.js
// Sampling starts at the first SIGUSR2 (after start-up, so that compiling the modules is left out);
// ALLOC.<pid>.heapprofile is written into ALLOC_PROFILE_DIR when the process exits.
// ALLOC_PROFILE_PROMOTED=1 leaves out what the young generation collected: what is left was
// promoted to the old generation (or is still alive), the garbage that mark-compacts collect.
import { Session } from 'node:inspector';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const dir = process.env.ALLOC_PROFILE_DIR || process.cwd();
const session = new Session();
session.connect();
session.post('HeapProfiler.enable');
let sampling = false;
process.on('SIGUSR2', () => {
  if (sampling) return;
  sampling = true;
  session.post('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: process.env.ALLOC_PROFILE_PROMOTED !== '1' });
});
process.on('exit', () => {
  if (!sampling) return;
  // The in-thread inspector session answers synchronously, so this works in an 'exit' handler.
  session.post('HeapProfiler.stopSampling', (error, result) => {
    if (error) return;
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `ALLOC.${process.pid}.heapprofile`), JSON.stringify(result.profile));
  });
});
