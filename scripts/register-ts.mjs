// Lets Node run the workspace's TypeScript directly:
//   node --import ./scripts/register-ts.mjs file.ts
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
