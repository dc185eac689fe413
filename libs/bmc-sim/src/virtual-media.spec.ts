import { describe, expect, it } from '@jest/globals';
import { createBmc } from './model.js';
import { ejectMedia, insertMedia, isMediaSlot, virtualMediaResource } from './virtual-media.js';

const code = (answer: ReturnType<typeof insertMedia>) => (answer.ok ? 'ok' : answer.body.error.code.replace(/^Base\.1\.\d+\./, ''));

describe('virtual media', () => {
  it('knows the CD and floppy slots only', () => {
    expect(['Cd', 'Floppy', 'Usb', 1].map(isMediaSlot)).toEqual([true, true, false, false]);
  });

  it('inserts an image, inserted and write-protected unless told otherwise, and ejects it', () => {
    const bmc = createBmc(3);
    expect(insertMedia(bmc, 'Cd', { Image: 'https://x/boot/deploy.iso', UserName: 'u', Password: 'p', TransferMethod: 'Stream' })).toEqual({ ok: true });
    expect(bmc.media.Cd).toEqual({ image: 'https://x/boot/deploy.iso', inserted: true, writeProtected: true, transferProtocolType: null, userName: 'u' });
    expect(virtualMediaResource('', bmc, 'Cd')).toMatchObject({ ImageName: 'deploy.iso', Inserted: true, ConnectedVia: 'URI', UserName: 'u' });
    expect(virtualMediaResource('', bmc, 'Cd')).not.toHaveProperty('Password');
    expect(ejectMedia(bmc, 'Cd')).toEqual({ ok: true });
    expect(bmc.media).toEqual({});
    expect(ejectMedia(bmc, 'Cd')).toEqual({ ok: true });
  });

  it('refuses a second image while one is inserted, but replaces one that is only attached', () => {
    const bmc = createBmc(3);
    insertMedia(bmc, 'Cd', { Image: 'http://x/a.iso' });
    expect(code(insertMedia(bmc, 'Cd', { Image: 'http://x/b.iso' }))).toBe('ResourceInUse');
    expect(insertMedia(bmc, 'Floppy', { Image: 'http://x/c.img' })).toEqual({ ok: true });
    ejectMedia(bmc, 'Cd');
    insertMedia(bmc, 'Cd', { Image: 'http://x/a.iso', Inserted: false });
    expect(insertMedia(bmc, 'Cd', { Image: 'http://x/b.iso' })).toEqual({ ok: true });
    expect(bmc.media.Cd?.image).toBe('http://x/b.iso');
  });

  it.each([
    [undefined, 'ActionParameterMissing'],
    [[], 'MalformedJSON'],
    [{ Image: '' }, 'ActionParameterValueTypeError'],
    [{ Image: 'http://x/a.iso', WriteProtected: 1 }, 'ActionParameterValueTypeError'],
    [{ Image: 'http://x/a.iso', TransferMethod: 'Carrier pigeon' }, 'ActionParameterValueNotInList'],
    [{ Image: 'http://x/a.iso', Oem: {} }, 'ActionParameterUnknown'],
  ])('refuses %j with %s, changing nothing', (body, expected) => {
    const bmc = createBmc(3);
    expect(code(insertMedia(bmc, 'Cd', body))).toBe(expected);
    expect(bmc.media).toEqual({});
  });
});
