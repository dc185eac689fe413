import { describe, expect, it } from '@jest/globals';
import {
  bmcHost,
  formatCapabilities,
  INTROSPECTION_EVENTS,
  INTROSPECTION_STATES,
  INTROSPECTION_TRANSITIONS,
  introspectionNext,
  type IntrospectionData,
  InvalidInventoryError,
  inventoryFacts,
  nodeBmcHost,
  normalizeMac,
  parseCapabilities,
  propertiesFromFacts,
  pxeMac,
} from './introspection.js';

/**
 * ironic-inspector's `introspection_state.State_space`, written out independently of
 * `introspection.ts` as "from | event | to" lines, so the table is checked against the source.
 */
const INSPECTOR = `
aborting | abort_end | error
aborting | timeout | error
enrolling | error | error
enrolling | process | processing
enrolling | timeout | error
error | abort | error
error | error | error
error | reapply | reapplying
error | start | starting
finished | finish | finished
finished | reapply | reapplying
finished | start | starting
processing | error | error
processing | finish | finished
processing | timeout | error
reapplying | error | error
reapplying | finish | finished
reapplying | reapply | reapplying
reapplying | timeout | error
starting | error | error
starting | wait | waiting
starting | timeout | error
waiting | abort | aborting
waiting | process | processing
waiting | start | starting
waiting | timeout | error
`;

const expected = new Map(
  INSPECTOR.trim()
    .split('\n')
    .map((line) => line.split('|').map((part) => part.trim()))
    .map(([from, event, to]) => [`${from}/${event}`, to]),
);

describe('the introspection state machine', () => {
  describe.each(INTROSPECTION_STATES)('in %s', (state) => {
    it.each(INTROSPECTION_EVENTS)('%s goes where the inspector’s table says, or nowhere', (event) => {
      expect(introspectionNext(state, event)).toBe(expected.get(`${state}/${event}`));
    });
  });

  it('has exactly the inspector’s edges, no more', () => {
    expect(INTROSPECTION_TRANSITIONS.map((t) => `${t.from}/${t.event}`).sort()).toEqual([...expected.keys()].sort());
  });

  it('can reach every state but enrolling (created directly by discovery) from finished', () => {
    const reached = new Set(['finished']);
    for (let grew = true; grew; ) {
      grew = false;
      for (const t of INTROSPECTION_TRANSITIONS) {
        if (reached.has(t.from) && !reached.has(t.to)) {
          reached.add(t.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual(INTROSPECTION_STATES.filter((s) => s !== 'enrolling').sort());
  });
});

const GIB = 1024 ** 3;

function data(overrides: Partial<IntrospectionData['inventory']> = {}, rest: Partial<IntrospectionData> = {}): IntrospectionData {
  return {
    inventory: {
      cpu: { count: 16, architecture: 'x86_64', flags: ['fpu', 'vmx', 'aes', 'pdpe1gb'] },
      memory: { physical_mb: 65536 },
      disks: [
        { name: '/dev/sda', size: 480 * GIB + 12345 },
        { name: '/dev/sdb', size: 1920 * GIB },
      ],
      interfaces: [
        { name: 'lo', mac_address: '00:00:00:00:00:00', ipv4_address: '127.0.0.1' },
        { name: 'eno1', mac_address: 'AA:BB:CC:DD:EE:01', ipv4_address: '10.0.0.5' },
        { name: 'eno2', mac_address: 'aa-bb-cc-dd-ee-02' },
        { name: 'ib0', mac_address: null },
        { name: 'bad0', mac_address: 'zz:zz' },
      ],
      bmc_address: '10.1.0.5',
      ...overrides,
    },
    ...rest,
  };
}

describe('inventory → properties, capabilities and ports', () => {
  it('takes the scheduler properties as strings, local_gb from the largest disk minus one', () => {
    const facts = inventoryFacts(data());
    expect(facts.properties).toEqual({ cpus: '16', cpu_arch: 'x86_64', memory_mb: '65536', local_gb: '1919' });
  });

  it('prefers the root disk the ramdisk chose, and counts whole GiB', () => {
    expect(inventoryFacts(data({}, { root_disk: { name: '/dev/sda', size: 480 * GIB + 12345 } })).properties.local_gb).toBe('479');
  });

  it('gives a diskless machine local_gb 0', () => {
    expect(inventoryFacts(data({ disks: [] })).properties.local_gb).toBe('0');
    expect(inventoryFacts(data({ disks: [{ name: 'tiny', size: GIB / 2 }] })).properties.local_gb).toBe('0');
  });

  it('finds capabilities from CPU flags and the boot mode', () => {
    expect(inventoryFacts(data({ boot: { current_boot_mode: 'uefi' } })).capabilities).toEqual({ boot_mode: 'uefi', cpu_vt: 'true', cpu_aes: 'true', cpu_hugepages_1g: 'true' });
    expect(inventoryFacts(data({ cpu: { count: 1, architecture: 'aarch64' } })).capabilities).toEqual({});
  });

  it('makes a port of every interface with a valid MAC, normalised, and says why others were left out', () => {
    const facts = inventoryFacts(data());
    expect(facts.interfaces).toEqual([
      { name: 'eno1', address: 'aa:bb:cc:dd:ee:01', pxe: true },
      { name: 'eno2', address: 'aa:bb:cc:dd:ee:02', pxe: true },
    ]);
    expect(facts.excluded).toEqual([
      { name: 'lo', reason: 'loopback interface' },
      { name: 'ib0', reason: 'no MAC address' },
      { name: 'bad0', reason: 'invalid MAC address zz:zz' },
    ]);
  });

  it('marks only the boot interface PXE-enabled when the ramdisk names it', () => {
    const facts = inventoryFacts(data({}, { boot_interface: '01-aa-bb-cc-dd-ee-02' }));
    expect(facts.interfaces.map((i) => [i.address, i.pxe])).toEqual([
      ['aa:bb:cc:dd:ee:01', false],
      ['aa:bb:cc:dd:ee:02', true],
    ]);
  });

  it('leaves out the scheduling facts the ramdisk could not read, as the inspector does', () => {
    expect(inventoryFacts(data({ cpu: { count: 0, architecture: '' } }), 'n1').properties).toEqual({ memory_mb: '65536', local_gb: expect.any(String) });
    // IPA sends a null memory size when dmidecode gives none.
    expect(inventoryFacts(data({ memory: { physical_mb: null } })).properties).not.toHaveProperty('memory_mb');
    expect(inventoryFacts(data({ memory: { physical_mb: -1 } })).properties).not.toHaveProperty('memory_mb');
  });

  it('refuses inventories without any usable interface', () => {
    expect(() => inventoryFacts(data({ interfaces: [{ name: 'lo', mac_address: '00:00:00:00:00:00' }] }))).toThrow(/No suitable interfaces/);
    expect(() => inventoryFacts({} as IntrospectionData)).toThrow(InvalidInventoryError);
  });

  it('merges found capabilities over the node’s, keeping the others', () => {
    const facts = inventoryFacts(data({ boot: { current_boot_mode: 'bios' } }));
    const properties = propertiesFromFacts({ capabilities: 'boot_mode:uefi,profile:compute', cpus: '2' }, facts);
    expect(properties).toEqual({ cpus: '16', cpu_arch: 'x86_64', memory_mb: '65536', local_gb: '1919', capabilities: 'boot_mode:bios,profile:compute,cpu_vt:true,cpu_aes:true,cpu_hugepages_1g:true' });
    expect(propertiesFromFacts({ capabilities: 'profile:compute' }, inventoryFacts(data({ cpu: { count: 1, architecture: 'x86_64' } })))).not.toHaveProperty('capabilities');
  });
});

describe('value helpers', () => {
  it('normalises MAC addresses and refuses anything else', () => {
    expect(normalizeMac(' AA-BB-CC-DD-EE-FF ')).toBe('aa:bb:cc:dd:ee:ff');
    expect(normalizeMac('aa:bb:cc:dd:ee')).toBeUndefined();
    expect(normalizeMac('aa:bb-cc:dd:ee:ff')).toBeUndefined();
    expect(normalizeMac(42)).toBeUndefined();
    expect(pxeMac('01-AA-BB-CC-DD-EE-FF')).toBe('aa:bb:cc:dd:ee:ff');
    expect(pxeMac(null)).toBeNull();
  });

  it('reads and writes Ironic’s capabilities string', () => {
    expect(parseCapabilities('boot_mode:uefi, profile:compute,odd')).toEqual({ boot_mode: 'uefi', profile: 'compute', odd: '' });
    expect(parseCapabilities(undefined)).toEqual({});
    expect(formatCapabilities({ a: '1', b: 'x:y' })).toBe('a:1,b:x:y');
  });

  it('reduces BMC addresses to host names', () => {
    expect(bmcHost('https://admin@BMC-7.example.com:8443/redfish/v1')).toBe('bmc-7.example.com');
    expect(bmcHost('10.0.0.9:623')).toBe('10.0.0.9');
    expect(bmcHost('[fd00::9]:443')).toBe('fd00::9');
    expect(bmcHost('fd00::9')).toBe('fd00::9');
    expect(bmcHost('')).toBeUndefined();
    expect(nodeBmcHost({ redfish_address: 'http://127.0.0.1:8000', redfish_system_id: '/redfish/v1/Systems/1' })).toBe('127.0.0.1');
    expect(nodeBmcHost({ ipmi_address: '10.0.0.1', redfish_address: 'x' })).toBe('10.0.0.1');
    expect(nodeBmcHost({})).toBeUndefined();
  });
});
