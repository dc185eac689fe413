import { describe, expect, it } from '@jest/globals';
import { parseIntrospectionData } from './introspection.dto.js';

const GIB = 1024 ** 3;
const body = () => ({
  inventory: {
    cpu: { count: 4, architecture: 'x86_64', model_name: 'ignored' },
    memory: { physical_mb: 8192, total: 8 * GIB },
    disks: [{ name: '/dev/sda', size: 100 * GIB, rotational: true }],
    interfaces: [{ name: 'eth0', mac_address: 'AA:BB:CC:DD:EE:01', ipv4_address: '10.0.0.5', lldp: [] }],
    bmc_address: '10.1.0.5',
    hostname: 'ignored',
  },
  boot_interface: '01-aa-bb-cc-dd-ee-01',
  logs: 'ignored',
});

const refused = (message: string) => expect.objectContaining({ status: 400, message });

describe('the body of POST /v1/continue', () => {
  it('keeps what ironledger reads and lets the rest of a ramdisk’s report through', () => {
    expect(parseIntrospectionData(body())).toEqual({
      inventory: {
        cpu: { count: 4, architecture: 'x86_64' },
        memory: { physical_mb: 8192 },
        disks: [{ name: '/dev/sda', size: 100 * GIB }],
        interfaces: [{ name: 'eth0', mac_address: 'AA:BB:CC:DD:EE:01', ipv4_address: '10.0.0.5', ipv6_address: null }],
        bmc_address: '10.1.0.5',
      },
      boot_interface: '01-aa-bb-cc-dd-ee-01',
    });
  });

  it('refuses missing parts and wrong types with their path', () => {
    type Body = ReturnType<typeof body>;
    const cases: [(b: Body) => unknown, string][] = [
      [(b) => ({ ...b, inventory: undefined }), 'inventory is required and must be an object'],
      [(b) => ({ ...b, inventory: { ...b.inventory, memory: 'lots' } }), 'inventory.memory is required and must be an object'],
      [(b) => ({ ...b, inventory: { ...b.inventory, cpu: { count: 2.5, architecture: 'x86_64' } } }), 'inventory.cpu.count must be an integer'],
      [(b) => ({ ...b, inventory: { ...b.inventory, interfaces: 'eth0' } }), 'inventory.interfaces is required and must be a list'],
      [(b) => ({ ...b, inventory: { ...b.inventory, interfaces: [{ name: 'eth0', mac_address: 7 }] } }), 'inventory.interfaces.0.mac_address must be a string'],
      [(b) => ({ ...b, inventory: { ...b.inventory, disks: [{ name: 'sda' }] } }), 'inventory.disks.0.size must be an integer (bytes)'],
      [(b) => ({ ...b, root_disk: 'sda' }), 'root_disk must be an object'],
      [(b) => ({ ...b, error: 42 }), 'error must be a string'],
    ];
    for (const [change, message] of cases) expect(() => parseIntrospectionData(change(body()))).toThrow(refused(message));
  });

  it('refuses oversized lists and a __proto__ key at any depth', () => {
    const many = body();
    many.inventory.interfaces = Array.from({ length: 257 }, (_, i) => ({ name: `e${i}`, mac_address: 'aa:bb:cc:dd:ee:01', ipv4_address: '', lldp: [] }));
    expect(() => parseIntrospectionData(many)).toThrow(refused('inventory.interfaces lists more than 256 interfaces'));
    expect(() => parseIntrospectionData(JSON.parse('{"inventory":{"cpu":{"__proto__":{"count":1}}}}'))).toThrow(refused("Additional properties are not allowed ('__proto__' was unexpected)"));
  });
});
