export * from './fleet-simulator.js';
export * from './scripted.js';
export * from './drive.js';
export * from './nats.js';
