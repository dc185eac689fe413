import { describe, expect, it } from '@jest/globals';
import { parseParameters, readFloppy } from '@ironledger/bmc-sim';
import { CONFIG_FLOPPY_LABEL, configFloppy, parametersText } from './config-floppy.js';

describe('the configuration floppy of a virtual-media boot', () => {
  const params = { 'ipa-agent-token': 'x'.repeat(43), 'ipa-api-url': 'http://192.0.2.1:6385', boot_method: 'vmedia', 'ipa-node-uuid': '1be26c0b-03f2-4d2e-ae87-c02d7f33c123' };

  it('is a 1.44 MB FAT12 image labelled ir-vfd-dev holding parameters.txt under its long name', () => {
    const image = configFloppy(params);
    expect(image.length).toBe(1474560);
    expect(image.toString('ascii', 54, 62)).toBe('FAT12   ');
    const { label, files } = readFloppy(image);
    expect(label).toBe(CONFIG_FLOPPY_LABEL);
    expect([...files.keys()]).toEqual(['parameters.txt']);
    expect(parseParameters(files.get('parameters.txt')!.toString('ascii'))).toEqual(params);
  });

  it('holds parameters longer than a sector in a chain of clusters', () => {
    const long = { ...params, 'ipa-debug': '1', extra: 'y'.repeat(1500) };
    expect(parseParameters(readFloppy(configFloppy(long)).files.get('parameters.txt')!.toString('ascii'))).toEqual(long);
  });

  it('refuses values with white space, which the one-line file could not keep apart', () => {
    expect(() => parametersText({ key: 'a b' })).toThrow(/white space/);
    expect(() => readFloppy(Buffer.alloc(1024))).toThrow(/not a FAT image/);
  });
});
