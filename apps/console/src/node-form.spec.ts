import { describe, expect, it } from '@jest/globals';
import { createBody, FieldError, fieldOfError, formOf, type NodeForm, patchOf } from './node-form.js';

const blankText = { name: '', description: '', resource_class: '', owner: '' };
const form = (over: Partial<NodeForm> = {}): NodeForm => ({ driver: 'redfish', text: blankText, interfaces: {}, driverInfo: {}, json: { properties: '', extra: '' }, ...over });

describe('the node form', () => {
  it('enrolls with only what was filled in', () => {
    const body = createBody(form({ text: { ...blankText, name: ' web-1 ' }, interfaces: { boot_interface: 'redfish-virtual-media', deploy_interface: '' }, driverInfo: { redfish_address: 'http://bmc', redfish_password: 'p', redfish_verify_ca: '' } }));
    expect(body).toEqual({ driver: 'redfish', name: 'web-1', boot_interface: 'redfish-virtual-media', driver_info: { redfish_address: 'http://bmc', redfish_password: 'p' } });
    expect(createBody(form())).toEqual({ driver: 'redfish' });
  });

  it('edits with a patch of what changed, leaving a blank secret as it was', () => {
    const node = { driver: 'redfish', name: 'web-1', description: 'old', resource_class: null, owner: null, boot_interface: 'redfish-virtual-media', deploy_interface: 'direct', driver_info: { redfish_address: 'http://bmc', redfish_password: '******', redfish_verify_ca: false } };
    const start = formOf(node);
    expect(start.driverInfo).toEqual({ redfish_address: 'http://bmc', redfish_password: '', redfish_verify_ca: 'false' });
    expect(patchOf(node, start)).toEqual([]);
    const edited: NodeForm = { ...start, text: { ...start.text, description: '', resource_class: 'gold' }, interfaces: { ...start.interfaces, deploy_interface: 'ramdisk' }, driverInfo: { ...start.driverInfo, redfish_address: 'http://bmc2' } };
    expect(patchOf(node, edited)).toEqual([
      { op: 'remove', path: '/description' },
      { op: 'add', path: '/resource_class', value: 'gold' },
      { op: 'replace', path: '/deploy_interface', value: 'ramdisk' },
      { op: 'replace', path: '/driver_info/redfish_address', value: 'http://bmc2' },
    ]);
    expect(patchOf(node, { ...start, driverInfo: { ...start.driverInfo, redfish_password: 'new' } })).toEqual([{ op: 'replace', path: '/driver_info/redfish_password', value: 'new' }]);
  });

  it('enrolls and edits properties and extra as JSON objects, patching only the keys changed', () => {
    expect(createBody(form({ json: { properties: '{"cpus": 8}', extra: ' ' } }))).toEqual({ driver: 'redfish', properties: { cpus: 8 } });
    const node = { driver: 'redfish', driver_info: {}, properties: { cpus: 8, memory_mb: 4096, capabilities: 'boot_mode:uefi' }, extra: {} };
    const start = formOf(node);
    expect(JSON.parse(start.json.properties)).toEqual(node.properties);
    expect(start.json.extra).toBe('');
    expect(patchOf(node, start)).toEqual([]);
    expect(patchOf(node, { ...start, json: { properties: '{"cpus": 16, "capabilities": "boot_mode:uefi", "cpu_arch": "x86_64"}', extra: '{"rack": {"row": 4}}' } })).toEqual([
      { op: 'replace', path: '/properties/cpus', value: 16 },
      { op: 'add', path: '/properties/cpu_arch', value: 'x86_64' },
      { op: 'remove', path: '/properties/memory_mb' },
      { op: 'add', path: '/extra/rack', value: { row: 4 } },
    ]);
    expect(patchOf(node, { ...start, json: { ...start.json, properties: '' } }).map((op) => op.path)).toEqual(['/properties/cpus', '/properties/memory_mb', '/properties/capabilities']);
  });

  it('refuses a JSON field that is not a JSON object, naming it', () => {
    const refusal = (text: string) => {
      try {
        patchOf({ driver: 'redfish', driver_info: {} }, form({ json: { properties: '', extra: text } }));
      } catch (error) {
        return error instanceof FieldError ? [error.field, error.message] : error;
      }
      return null;
    };
    expect(refusal('{"rack": ')).toEqual(['extra', expect.stringMatching(/^Not valid JSON: /)]);
    expect(refusal('[1, 2]')).toEqual(['extra', 'A JSON object is expected, such as {"key": "value"}.']);
    expect(() => createBody(form({ json: { properties: 'cpus=8', extra: '' } }))).toThrow(FieldError);
  });

  it('places Ironic’s refusal beside the field it names', () => {
    const fields = ['name', 'driver', 'boot_interface', 'driver_info', 'redfish_address'];
    expect(fieldOfError('Cannot load \'nope\' for boot_interface, enabled ones are: pxe', fields)).toBe('boot_interface');
    expect(fieldOfError("Invalid redfish_address: 'ftp://x' is not a URL", fields)).toBe('redfish_address');
    expect(fieldOfError('A node with name web-1 already exists.', fields)).toBe('name');
    expect(fieldOfError('Something else went wrong', fields)).toBeNull();
  });
});
