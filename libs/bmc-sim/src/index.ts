export * from './agent.js';
export * from './control.js';
export * from './model.js';
export * from './ramdisk.js';
export * from './server.js';
export { managerUuid } from './virtual-media.js';
export { AGENT_VERSION, CLEAN_STEPS, DEPLOY_STEPS } from './ipa.js';
export { chassisUuid, systemUuid } from './resources.js';
