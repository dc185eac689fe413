import { describe, expect, it } from '@jest/globals';
import { gunzipSync } from 'node:zlib';
import {
  AGENT_VERSION, checksumFromFile, checksumPlan, conflictPause, heartbeatBody, heartbeatIntervalMs, heartbeatVersion, imageInfoProblem,
  imageWrittenMessage, installDevice, ironicErrorText, lookupBackoffMs, lookupVersion, maskParams, partitionUuids, readLookup, rootDocumentVersion,
  systemLogsArchive, versionsMatch,
} from './ipa.js';

const hex = (length: number) => 'a'.repeat(length);

describe('the Ironic API versions the agent announces', () => {
  it('reads Ironic’s root document', () => {
    expect(rootDocumentVersion({ default_version: { version: '1.99' } })).toEqual([1, 99]);
    expect(rootDocumentVersion({ versions: [] })).toBeNull();
  });

  it('looks up with at most 1.62 and heartbeats with at most 1.68', () => {
    expect([lookupVersion([1, 99]), lookupVersion([1, 40])]).toEqual([[1, 62], [1, 40]]);
    expect([heartbeatVersion([1, 99]), heartbeatVersion([1, 31])]).toEqual([[1, 68], [1, 31]]);
  });

  it('sends the token from 1.62 and its version from 1.36', () => {
    expect(heartbeatBody('http://a/agent/1', 't', [1, 99])).toEqual({ callback_url: 'http://a/agent/1', agent_token: 't', agent_version: AGENT_VERSION });
    expect(heartbeatBody('http://a/agent/1', 't', [1, 40])).toEqual({ callback_url: 'http://a/agent/1', agent_version: AGENT_VERSION });
    expect(heartbeatBody('http://a/agent/1', 't', [1, 31])).toEqual({ callback_url: 'http://a/agent/1' });
  });
});

describe('a look-up answer', () => {
  const token = 't'.repeat(43);
  const answer = (config: object) => JSON.stringify({ node: { uuid: 'u-1' }, config });

  it('gives the node, its heartbeat timeout and a token of 32 characters or more', () => {
    expect(readLookup(200, answer({ heartbeat_timeout: 300, agent_token: token }))).toEqual({ ok: true, nodeUuid: 'u-1', heartbeatTimeoutSeconds: 300, token: { kind: 'issued', token } });
    expect(readLookup(200, answer({ heartbeat_timeout: 300, agent_token: 'short' }))).toMatchObject({ ok: true, token: { kind: 'none' } });
    expect(readLookup(200, answer({ heartbeat_timeout: 300, agent_token: '******' }))).toMatchObject({ token: { kind: 'masked' } });
    expect(readLookup(200, JSON.stringify({ node: { uuid: 'u-1' }, heartbeat_timeout: 60 }))).toMatchObject({ ok: true, heartbeatTimeoutSeconds: 60 });
  });

  it('is retried when it is anything else', () => {
    expect(readLookup(409, '{}')).toMatchObject({ ok: false, conflict: true });
    expect(readLookup(404, JSON.stringify({ error_message: JSON.stringify({ faultstring: 'Resource could not be found.' }) }))).toEqual({ ok: false, conflict: false, error: 'Error 404: Resource could not be found.' });
    expect(readLookup(200, 'not json')).toMatchObject({ ok: false, conflict: false });
    expect(readLookup(200, JSON.stringify({ node: {} }))).toMatchObject({ ok: false });
    expect(readLookup(200, JSON.stringify({ node: { uuid: 'u' } }))).toMatchObject({ ok: false, error: 'Got invalid heartbeat from the API' });
  });

  it('errors read as IPA words them', () => {
    expect(ironicErrorText(400, JSON.stringify({ error_message: { faultstring: 'bad' } }))).toBe('Error 400: bad');
    expect(ironicErrorText(502, 'Bad Gateway')).toBe('Error 502: Bad Gateway');
  });
});

describe('IPA’s timing', () => {
  it('backs the look-up off at random, from the interval up to doubling, at most 60 intervals', () => {
    expect([lookupBackoffMs(1, 1000, 0), lookupBackoffMs(1, 1000, 1)]).toEqual([1000, 1000]);
    expect([lookupBackoffMs(3, 1000, 0), lookupBackoffMs(3, 1000, 1)]).toEqual([1000, 4000]);
    expect(lookupBackoffMs(20, 1000, 1)).toBe(60_000);
    expect(lookupBackoffMs(3, 50, 1)).toBe(200);
  });

  it('pauses 5, 10, then 30 intervals after each 409', () => {
    expect([conflictPause(0), conflictPause(5), conflictPause(10), conflictPause(30)]).toEqual([5, 10, 30, 30]);
  });

  it('heartbeats at 0.3 to 0.6 of the heartbeat timeout, and 5 to 10 s after an error', () => {
    expect([heartbeatIntervalMs(true, 300, 0), heartbeatIntervalMs(true, 300, 1)]).toEqual([90_000, 180_000]);
    expect([heartbeatIntervalMs(false, 300, 0), heartbeatIntervalMs(false, 300, 1)]).toEqual([5000, 10_000]);
  });
});

describe('image checksums', () => {
  const image = { id: 'img', urls: ['http://x/images/cirros.qcow2'] };

  it('verify against a supported os_hash_algo first', () => {
    expect(checksumPlan({ ...image, os_hash_algo: 'sha512', os_hash_value: 'v', checksum: hex(32) })).toEqual({ ok: true, algo: 'sha512', expected: 'v' });
    expect(checksumPlan({ ...image, os_hash_algo: 'sha3_256', os_hash_value: 'v' })).toMatchObject({ ok: true, algo: 'sha3_256' });
  });

  it('else take `checksum` as an md5, whatever its length, as IPA 9.4.3 does', () => {
    expect(checksumPlan({ ...image, checksum: hex(32) })).toEqual({ ok: true, algo: 'md5', expected: hex(32) });
    expect(checksumPlan({ ...image, checksum: hex(128) })).toEqual({ ok: true, algo: 'md5', expected: hex(128) });
    expect(checksumPlan({ ...image, os_hash_algo: 'whirlpool', os_hash_value: 'v', checksum: hex(64) })).toMatchObject({ algo: 'md5' });
    expect(checksumPlan({ ...image, checksum: 'http://x/SHA256SUMS' })).toEqual({ ok: true, algo: 'md5', expected: 'http://x/SHA256SUMS' });
  });

  it('refuse an unsupported os_hash_algo without a checksum, in IPA’s words', () => {
    expect(checksumPlan({ ...image, os_hash_algo: 'whirlpool', os_hash_value: 'v' })).toMatchObject({ ok: false, error: { details: expect.stringContaining("'os_hash_algo' (currently whirlpool)") } });
  });

  it('validate image_info as prepare_image does', () => {
    expect(imageInfoProblem({ ...image, checksum: hex(64) })).toBeNull();
    expect(imageInfoProblem({ urls: [] })?.details).toBe("Image is missing 'id' field.");
    expect(imageInfoProblem({ id: 'x', urls: [] })?.details).toBe("Image 'urls' must be a list with at least one element.");
    expect(imageInfoProblem({ ...image, checksum: '' })?.details).toBe("Image 'checksum' must be a non-empty string.");
    expect(imageInfoProblem({ ...image, os_hash_algo: 'sha256' })?.details).toBe("Image 'os_hash_value' must be a non-empty string.");
    expect(imageInfoProblem(image)).toMatchObject({ type: 'InvalidCommandParamsError', code: 400, details: expect.stringMatching(/^Image checksum is not available/) });
  });

  it('read checksum files as IPA 9.4.3 does: one word, or the first word of the line naming the image', () => {
    const url = 'http://x/images/cirros.qcow2';
    expect(checksumFromFile(`${hex(64)}\n`, url)).toEqual({ value: hex(64) });
    expect(checksumFromFile(`# sums\n${'b'.repeat(64)}  other.qcow2\n${hex(64)} *cirros.qcow2\n`, url)).toEqual({ value: hex(64) });
    expect(checksumFromFile(`SHA256 (cirros.qcow2) = ${hex(64)}\n`, url)).toEqual({ error: 'Checksum file does not contain name cirros.qcow2' });
    expect(checksumFromFile(`${hex(32)}  cirros.qcow2`, url)).toEqual({ value: hex(32) });
    expect(checksumFromFile('', url)).toEqual({ error: 'Empty checksum file' });
    expect(checksumFromFile(`${hex(64)}  other.qcow2\n${hex(64)}  more.qcow2`, url)).toEqual({ error: 'Checksum file does not contain name cirros.qcow2' });
    expect(checksumFromFile('nothex', url)).toEqual({ value: 'nothex' });
  });
});

describe('the steps', () => {
  it('check the hardware manager versions ironic recorded', () => {
    expect([versionsMatch(undefined), versionsMatch({ generic_hardware_manager: '1.2' }), versionsMatch({ generic_hardware_manager: '1.1' }), versionsMatch('1.2')]).toEqual([true, true, false, false]);
  });

  it('install on the smallest disk, unless a root device hint names one', () => {
    expect(installDevice(1, null)).toBe('/dev/sdb');
    expect(installDevice(1, { properties: { root_device: { name: '/dev/sda' } } })).toBe('/dev/sda');
  });

  it('report partition UUIDs and the written message as IPA does', () => {
    const sha = '0123456789abcdef'.repeat(4);
    expect(partitionUuids({ id: 'i', urls: [] }, sha)).toEqual({ 'root uuid': '0x01234567' });
    const uefi = partitionUuids({ id: 'i', urls: [], image_type: 'partition', deploy_boot_mode: 'uefi' }, sha);
    expect(Object.keys(uefi)).toEqual(['root uuid', 'efi system partition uuid']);
    expect(imageWrittenMessage({ id: 'i', urls: [] }, '/dev/sdb', { 'root uuid': '0x01234567' })).toBe('image (i) written to device /dev/sdb root_uuid=0x01234567');
    expect(imageWrittenMessage({ id: 'i', urls: [], deploy_boot_mode: 'uefi' }, '/dev/sdb', uefi)).toBe(`image (i) written to device /dev/sdb root_uuid=${uefi['root uuid']} efi_system_partition_uuid=${uefi['efi system partition uuid']}`);
  });
});

describe('what the control API shows', () => {
  it('masks secrets and sums long strings up', () => {
    expect(maskParams({ rescue_password: 'x', node: { driver_info: { redfish_password: '******', token: null } }, configdrive: 'c'.repeat(300), list: [{ secret: 1 }] })).toEqual({
      rescue_password: '***',
      node: { driver_info: { redfish_password: '***', token: null } },
      configdrive: '<300 characters>',
      list: [{ secret: '***' }],
    });
  });

  it('packs logs as a gzipped tar in base64', () => {
    const tar = gunzipSync(Buffer.from(systemLogsArchive({ journal: 'hello' }, 0), 'base64'));
    expect(tar.length).toBe(512 * 4);
    expect(tar.subarray(0, 7).toString()).toBe('journal');
    expect(tar.subarray(512, 517).toString()).toBe('hello');
    const checksum = tar.subarray(148, 156).toString();
    const sum = [...tar.subarray(0, 512)].reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);
    expect(parseInt(checksum, 8)).toBe(sum);
  });
});
