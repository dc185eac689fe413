export * from './logging.js';
export * from './metrics.js';
export * from './progress.js';
export * from './lifecycle.js';
