export * from './control.js';
export * from './model.js';
export * from './ramdisk.js';
export * from './server.js';
export { chassisUuid, systemUuid } from './resources.js';
