export * from './driver.js';
export * from './fake.js';
export * from './registry.js';
