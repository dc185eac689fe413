import { describe, expect, it } from '@jest/globals';
import { enabledMacs, inspectedProperties, localGb, type RedfishHardwareFacts } from './inspect.js';

const GIB = 1024 ** 3;
const facts: RedfishHardwareFacts = {
  memoryGib: 32,
  threads: 16,
  architecture: 'x86',
  simpleStorage: null,
  volumes: null,
  drives: null,
  bootMode: null,
  nics: [],
};
const node = { uuid: 'n-1', properties: {} };

describe('redfish inspection: properties as Ironic sets them', () => {
  it('takes the smallest disk of at least 4 GiB, the smaller of SimpleStorage and Storage, volumes before drives, less 1 GiB', () => {
    expect(localGb({ simpleStorage: [2 * GIB, 100 * GIB, 50 * GIB], volumes: null, drives: null })).toBe(49);
    expect(localGb({ simpleStorage: [100 * GIB], volumes: [60 * GIB], drives: [30 * GIB] })).toBe(59);
    expect(localGb({ simpleStorage: [100 * GIB], volumes: [], drives: [30 * GIB] })).toBe(29);
    expect(localGb({ simpleStorage: [1 * GIB], volumes: null, drives: null })).toBe(0);
  });

  it('records a disk-less node with local_gb 0, memory in MiB as a string, CPUs as a number', () => {
    expect(inspectedProperties(node, facts)).toEqual({ memory_mb: '32768', cpus: 16, cpu_arch: 'x86_64', local_gb: '0' });
  });

  it('leaves out an architecture Ironic does not map, and fails as Ironic does when an essential property is still missing', () => {
    expect(() => inspectedProperties(node, { ...facts, architecture: 'Power' })).toThrow(
      "Failed to inspect hardware. Reason: ('Failed to discover the following properties: %(missing_keys)s on node %(node)s', {'missing_keys': 'cpu_arch', 'node': 'n-1'})",
    );
    // One the node already has counts.
    expect(inspectedProperties({ uuid: 'n-1', properties: { cpu_arch: 'ppc64le' } }, { ...facts, architecture: 'Power' }).cpu_arch).toBe('ppc64le');
  });

  it('makes ports only for enabled NICs with a MAC, in lower case', () => {
    const nics = [
      { mac: 'AA:BB:CC:DD:EE:01', state: 'Enabled' },
      { mac: 'aa:bb:cc:dd:ee:02', state: 'Disabled' },
      { mac: '', state: 'Enabled' },
    ];
    expect(enabledMacs({ nics })).toEqual(['aa:bb:cc:dd:ee:01']);
  });
});
