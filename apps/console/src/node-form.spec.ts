import { describe, expect, it } from '@jest/globals';
import { createBody, fieldOfError, formOf, type NodeForm, patchOf } from './node-form.js';

const blankText = { name: '', description: '', resource_class: '', owner: '' };
const form = (over: Partial<NodeForm> = {}): NodeForm => ({ driver: 'redfish', text: blankText, interfaces: {}, driverInfo: {}, ...over });

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

  it('places Ironic’s refusal beside the field it names', () => {
    const fields = ['name', 'driver', 'boot_interface', 'driver_info', 'redfish_address'];
    expect(fieldOfError('Cannot load \'nope\' for boot_interface, enabled ones are: pxe', fields)).toBe('boot_interface');
    expect(fieldOfError("Invalid redfish_address: 'ftp://x' is not a URL", fields)).toBe('redfish_address');
    expect(fieldOfError('A node with name web-1 already exists.', fields)).toBe('name');
    expect(fieldOfError('Something else went wrong', fields)).toBeNull();
  });
});
