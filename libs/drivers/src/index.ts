export * from './driver.js';
export * from './fake.js';
export * from './generic-provisioning.js';
export * from './ipmi/index.js';
export * from './redfish/index.js';
export * from './registry.js';
