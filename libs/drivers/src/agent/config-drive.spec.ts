import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import { defaultInterfaces, type JsonObject, newNode, type Node } from '@ironledger/domain';
import { buildConfigDrive, CONFIG_DRIVE_LABEL, configDriveForAgent, pythonJson } from './config-drive.js';
import { isoImage } from './iso9660.js';

const UUID = '0b7c1d2e-3f40-4a5b-8c6d-7e8f9a0b1c2d';
const AT = new Date('2026-11-29T07:00:00.000Z');
const node = (instance_info: JsonObject, fields: Partial<Node> = {}): Node =>
  newNode(UUID, '2026-11-25T08:00:00.000Z', { provision_state: 'deploying', driver: 'redfish', ...defaultInterfaces('redfish'), instance_info, ...fields });

const SECTOR = 2048;

/** The files of an ISO's Joliet tree, by path, read as Linux reads it (descriptor 2 with escape `%/E`). */
function jolietFiles(iso: Buffer): Map<string, Buffer> {
  const joliet = iso.subarray(17 * SECTOR, 18 * SECTOR);
  expect(joliet[0]).toBe(2);
  expect(joliet.toString('ascii', 88, 91)).toBe('%/E');
  const files = new Map<string, Buffer>();
  const walk = (sector: number, prefix: string) => {
    const directory = iso.subarray(sector * SECTOR, (sector + 1) * SECTOR);
    for (let at = 0; directory[at]! > 0; at += directory[at]!) {
      const nameLength = directory[at + 32]!;
      const raw = directory.subarray(at + 33, at + 33 + nameLength);
      if (nameLength === 1 && raw[0]! <= 1) continue;
      const name = Buffer.from(raw).swap16().toString('utf16le');
      const extent = directory.readUInt32LE(at + 2);
      const size = directory.readUInt32LE(at + 10);
      if (directory[at + 25]! & 2) walk(extent, `${prefix}${name}/`);
      else files.set(`${prefix}${name}`, iso.subarray(extent * SECTOR, extent * SECTOR + size));
    }
  };
  walk(joliet.readUInt32LE(156 + 2), '');
  return files;
}

const ucs2 = (text: string) => Buffer.from(text, 'utf16le').swap16();

describe('the config drive handed to the agent', () => {
  it('is built from JSON as Ironic builds it: a gzipped, base64 ISO labelled config-2, meta_data with the node’s uuid and name, under both versions', () => {
    const built = configDriveForAgent(node({ configdrive: { meta_data: { hostname: 'web-1' }, user_data: '#cloud-config\n', network_data: { links: [] } } }, { name: 'ipa-1' }), AT)!;
    const iso = gunzipSync(Buffer.from(built, 'base64'));
    expect(iso.toString('ascii', 16 * SECTOR + 1, 16 * SECTOR + 6)).toBe('CD001');
    expect(iso.toString('ascii', 16 * SECTOR + 40, 16 * SECTOR + 48)).toBe(CONFIG_DRIVE_LABEL);
    expect(iso.subarray(17 * SECTOR + 40, 17 * SECTOR + 56)).toEqual(ucs2(CONFIG_DRIVE_LABEL));
    const files = jolietFiles(iso);
    expect([...files.keys()].sort()).toEqual([
      'openstack/2012-08-10/meta_data.json', 'openstack/2012-08-10/network_data.json', 'openstack/2012-08-10/user_data',
      'openstack/latest/meta_data.json', 'openstack/latest/network_data.json', 'openstack/latest/user_data',
    ]);
    expect(files.get('openstack/latest/meta_data.json')!.toString()).toBe(`{"hostname": "web-1", "uuid": "${UUID}", "name": "ipa-1"}`);
    expect(files.get('openstack/latest/user_data')!.toString()).toBe('#cloud-config\n');
    expect(files.get('openstack/latest/network_data.json')!.toString()).toBe('{"links": []}');
  });

  it('keeps the uuid and name meta_data gives; writes JSON user data as JSON; leaves out empty parts', () => {
    const iso = gunzipSync(Buffer.from(buildConfigDrive(node({}, { name: 'ipa-1' }), { meta_data: { uuid: 'mine', name: 'its' }, user_data: { a: [1, 'é'] }, vendor_data: {} }, AT), 'base64'));
    const files = jolietFiles(iso);
    expect(files.get('openstack/latest/meta_data.json')!.toString()).toBe('{"uuid": "mine", "name": "its"}');
    expect(files.get('openstack/latest/user_data')!.toString()).toBe('{"a": [1, "\\u00e9"]}');
    expect(files.has('openstack/latest/vendor_data2.json')).toBe(false);
  });

  it('passes a URL or an ISO already gzipped and base64-encoded unchanged; none when there is none', () => {
    expect(configDriveForAgent(node({ configdrive: 'http://example.test/cd' }), AT)).toBe('http://example.test/cd');
    expect(configDriveForAgent(node({ configdrive: 'H4sIAAAA' }), AT)).toBe('H4sIAAAA');
    expect(configDriveForAgent(node({}), AT)).toBeNull();
  });

  it('writes Python’s JSON: spaced separators, non-ASCII escaped', () => {
    expect(pythonJson({ a: 1, b: [true, null, 'ü'] })).toBe('{"a": 1, "b": [true, null, "\\u00fc"]}');
  });
});

describe('the ISO 9660 image', () => {
  it('records primary names as upper-cased d-characters and Joliet names as given, sorted, with file content in whole sectors', () => {
    const iso = isoImage('vol', [{ path: 'b/Zed.txt', content: Buffer.from('z') }, { path: 'b/a-b.c.d', content: Buffer.alloc(3000, 1) }, { path: 'top', content: Buffer.alloc(0) }], AT);
    expect(iso.length % SECTOR).toBe(0);
    expect(iso.readUInt32LE(16 * SECTOR + 80) * SECTOR).toBe(iso.length);
    const files = jolietFiles(iso);
    expect([...files.keys()]).toEqual(['b/Zed.txt', 'b/a-b.c.d', 'top']);
    expect(files.get('b/a-b.c.d')).toEqual(Buffer.alloc(3000, 1));
    expect(iso.includes('A_B_C.D;1')).toBe(true);
    expect(iso.includes('ZED.TXT;1')).toBe(true);
  });

  it('refuses a path given twice', () => {
    expect(() => isoImage('vol', [{ path: 'a/x', content: Buffer.alloc(1) }, { path: 'a/x', content: Buffer.alloc(1) }], AT)).toThrow(/given twice/);
  });
});
