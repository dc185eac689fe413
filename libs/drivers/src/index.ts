export * from './driver.js';
export * from './fake.js';
