import { describe, expect, it } from '@jest/globals';
import { type DeployForm, deployFormOf, deployRequest } from './deploy.js';

const blank: DeployForm = { imageSource: '', checksum: '', hashAlgo: 'sha256', rootGb: '', configDrive: '' };

describe('the deploy dialog’s request', () => {
  it('sets the image, its checksum and the root size in instance_info, and passes a JSON config drive as an object', () => {
    expect(deployRequest({ imageSource: ' http://img/disk.raw ', checksum: 'http://img/disk.raw.sha256', hashAlgo: 'sha256', rootGb: '10', configDrive: '{"meta_data": {"hostname": "web-1"}}' })).toEqual({
      ops: [
        { op: 'add', path: '/instance_info/image_source', value: 'http://img/disk.raw' },
        { op: 'add', path: '/instance_info/image_os_hash_algo', value: 'sha256' },
        { op: 'add', path: '/instance_info/image_os_hash_value', value: 'http://img/disk.raw.sha256' },
        { op: 'add', path: '/instance_info/root_gb', value: 10 },
      ],
      configdrive: { meta_data: { hostname: 'web-1' } },
    });
  });

  it('passes a config drive’s text as it is, and nothing when nothing was given', () => {
    expect(deployRequest({ ...blank, configDrive: 'H4sIAAAAAAAAA...' })).toEqual({ ops: [], configdrive: 'H4sIAAAAAAAAA...' });
    expect(deployRequest(blank)).toEqual({ ops: [] });
  });

  it('starts from the node’s instance_info, and writes only what was changed', () => {
    const info = { image_source: 'http://img/disk.raw', image_os_hash_algo: 'sha512', image_os_hash_value: 'abc', root_gb: 10, configdrive: '******' };
    const form = deployFormOf(info);
    expect(form).toEqual({ imageSource: 'http://img/disk.raw', checksum: 'abc', hashAlgo: 'sha512', rootGb: '10', configDrive: '' });
    expect(deployRequest(form, info)).toEqual({ ops: [] });
    expect(deployRequest({ ...form, rootGb: '20' }, info)).toEqual({ ops: [{ op: 'add', path: '/instance_info/root_gb', value: 20 }] });
    expect(deployRequest({ ...form, checksum: ' ', rootGb: '' }, info)).toEqual({
      ops: [
        { op: 'remove', path: '/instance_info/image_os_hash_algo' },
        { op: 'remove', path: '/instance_info/image_os_hash_value' },
        { op: 'remove', path: '/instance_info/root_gb' },
      ],
    });
    expect(deployFormOf({ image_source: 'http://img/disk.qcow2', image_checksum: 'http://img/MD5SUMS' })).toMatchObject({ checksum: 'http://img/MD5SUMS', hashAlgo: 'md5' });
    expect(deployFormOf({})).toEqual(blank);
  });

  it('says which field is wrong', () => {
    expect(deployRequest({ ...blank, rootGb: '1.5' })).toMatchObject({ field: 'root_gb' });
    expect(deployRequest({ ...blank, configDrive: '{"meta_data": ' })).toMatchObject({ field: 'configdrive', error: expect.stringMatching(/^The config drive is not valid JSON/) });
  });
});
