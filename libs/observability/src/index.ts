export * from './logging.js';
export * from './metrics.js';
