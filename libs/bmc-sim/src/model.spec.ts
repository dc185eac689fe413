import { describe, expect, it } from '@jest/globals';
import {
  applyControl, applyReset, basicAuthHeader, biosAttributes, type BootSource, bootSource, createBmc, DEFAULT_RESET_TYPES, describeBmc, type DiskImage, observePower,
  RESET_TYPES, resetTarget, type ResetType, type SimulatedDisk, type StablePower, takeFailure,
} from './model.js';
import { patchBiosSettings, patchSystem, resetBios } from './management.js';
import { systemEtag } from './resources.js';

describe('a virtual BMC', () => {
  it('starts off, with default credentials, every reset type and no faults', () => {
    const bmc = createBmc(3);
    expect(observePower(bmc, 0)).toBe('Off');
    expect(bmc.basicAuth).toBe(basicAuthHeader('admin', 'password'));
    expect(bmc.resetTypes).toEqual(RESET_TYPES);
    expect(describeBmc(bmc, 0)).toMatchObject({ index: 3, hang: false, latencyMs: 0, failStatus: 0, garbled: false, flapMs: 0 });
  });

  it('can start on', () => {
    expect(observePower(createBmc(1, { power: 'On' }), 0)).toBe('On');
  });
});

describe('reset types', () => {
  // Every reset type from both resting states: the table of what the simulated host does.
  const table: [ResetType, StablePower, StablePower][] = [
    ['On', 'Off', 'On'], ['On', 'On', 'On'],
    ['ForceOn', 'Off', 'On'], ['ForceOn', 'On', 'On'],
    ['ForceOff', 'On', 'Off'], ['ForceOff', 'Off', 'Off'],
    ['GracefulShutdown', 'On', 'Off'], ['GracefulShutdown', 'Off', 'Off'],
    ['GracefulRestart', 'On', 'On'], ['GracefulRestart', 'Off', 'On'],
    ['ForceRestart', 'On', 'On'], ['ForceRestart', 'Off', 'On'],
    ['PowerCycle', 'On', 'On'], ['PowerCycle', 'Off', 'On'],
    ['PushPowerButton', 'On', 'Off'], ['PushPowerButton', 'Off', 'On'],
    ['Nmi', 'On', 'On'], ['Nmi', 'Off', 'Off'],
  ];

  it.each(table)('given %s from %s, the host ends %s at once', (resetType, from, to) => {
    const bmc = createBmc(1, { power: from });
    expect(applyReset(bmc, resetType, 10)).toEqual({ ok: true });
    expect(observePower(bmc, 10)).toBe(to);
    expect(bmc).toMatchObject({ resets: 1, lastResetType: resetType });
  });

  it('covers every reset type the simulator advertises', () => {
    expect(new Set(table.map(([type]) => type))).toEqual(new Set(RESET_TYPES));
    expect(resetTarget('Nmi', 'On')).toBeNull();
  });

  it('refuses a reset type the BMC does not allow, without touching power', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { resetTypes: ['ForceOff'] }, 0);
    expect(applyReset(bmc, 'On', 0)).toEqual({ ok: false, reason: 'not-allowed' });
    expect(observePower(bmc, 0)).toBe('Off');
    expect(bmc.resets).toBe(0);
  });
});

describe('delayed power changes', () => {
  it('show PoweringOn until the delay has passed, then On', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { powerDelayMs: 1000 }, 0);
    applyReset(bmc, 'On', 100);
    expect(observePower(bmc, 100)).toBe('PoweringOn');
    expect(observePower(bmc, 1099)).toBe('PoweringOn');
    expect(observePower(bmc, 1100)).toBe('On');
  });

  it('show PoweringOff for a shutdown', () => {
    const bmc = createBmc(1, { power: 'On' });
    applyControl(bmc, { powerDelayMs: 500 }, 0);
    applyReset(bmc, 'GracefulShutdown', 0);
    expect(observePower(bmc, 499)).toBe('PoweringOff');
    expect(observePower(bmc, 500)).toBe('Off');
  });

  it('can show the old state instead, as many BMCs do', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { powerDelayMs: 1000, powerDelayShows: 'old' }, 0);
    applyReset(bmc, 'ForceOn', 0);
    expect(observePower(bmc, 999)).toBe('Off');
    expect(observePower(bmc, 1000)).toBe('On');
  });

  it('let a later reset replace a pending one', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { powerDelayMs: 1000 }, 0);
    applyReset(bmc, 'On', 0);
    applyReset(bmc, 'ForceOff', 500);
    expect(observePower(bmc, 1200)).toBe('PoweringOff');
    expect(observePower(bmc, 1500)).toBe('Off');
  });

  it('are cancelled when power is set behind the service’s back', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { powerDelayMs: 1000 }, 0);
    applyReset(bmc, 'On', 0);
    applyControl(bmc, { powerState: 'Off' }, 10);
    expect(observePower(bmc, 5000)).toBe('Off');
  });
});

describe('flapping', () => {
  it('toggles power every period, however long nobody looked', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { flapMs: 100 }, 0);
    expect(observePower(bmc, 99)).toBe('Off');
    expect(observePower(bmc, 100)).toBe('On');
    expect(observePower(bmc, 250)).toBe('Off');
    expect(observePower(bmc, 10_000)).toBe('Off'); // 100 flips in all
    expect(observePower(bmc, 10_050)).toBe('Off');
    expect(observePower(bmc, 10_100)).toBe('On');
  });

  it('stops when the period is set to 0', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { flapMs: 100 }, 0);
    applyControl(bmc, { flapMs: 0 }, 150);
    expect(observePower(bmc, 10_000)).toBe('On');
  });
});

describe('injected failures', () => {
  it('fail every request until cleared when no count is given', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { failStatus: 503 }, 0);
    expect([takeFailure(bmc), takeFailure(bmc), takeFailure(bmc)]).toEqual([503, 503, 503]);
    applyControl(bmc, { failStatus: 0 }, 0);
    expect(takeFailure(bmc)).toBe(0);
  });

  it('fail only the next N requests when counted', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { failStatus: 500, failCount: 2 }, 0);
    expect([takeFailure(bmc), takeFailure(bmc), takeFailure(bmc)]).toEqual([500, 500, 0]);
    expect(bmc.failCount).toBe(-1);
  });
});

describe('control', () => {
  it('changes credentials and says so', () => {
    const bmc = createBmc(1);
    expect(applyControl(bmc, { password: 'secret' }, 0)).toEqual({ release: false, credentialsChanged: true });
    expect(bmc.basicAuth).toBe(basicAuthHeader('admin', 'secret'));
    expect(applyControl(bmc, { latencyMs: 5 }, 0).credentialsChanged).toBe(false);
  });

  it('asks to release held requests when a hang is lifted', () => {
    const bmc = createBmc(1);
    expect(applyControl(bmc, { hang: true }, 0).release).toBe(false);
    expect(applyControl(bmc, { hang: false }, 0).release).toBe(true);
  });

  it('resets faults and credentials but keeps power and counters', () => {
    const bmc = createBmc(1);
    applyReset(bmc, 'On', 0);
    applyControl(bmc, { hang: true, latencyMs: 9, password: 'x', garbled: true, resetTypes: ['On'], flapMs: 5, failStatus: 500 }, 0);
    expect(applyControl(bmc, { reset: true }, 1)).toEqual({ release: true, credentialsChanged: true });
    expect(bmc).toMatchObject({ hang: false, latencyMs: 0, password: 'password', garbled: false, resetTypes: DEFAULT_RESET_TYPES, flapMs: 0, failStatus: 0, resets: 1 });
    expect(observePower(bmc, 1)).toBe('On');
  });

  it('applies reset first, then the other fields of the same request', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { reset: true, latencyMs: 7 }, 0);
    expect(bmc.latencyMs).toBe(7);
  });
});

describe('boots', () => {
  it.each([
    ['On', 'Off', true], ['On', 'On', false], ['ForceRestart', 'On', true], ['PowerCycle', 'Off', true], ['GracefulRestart', 'On', true],
    ['PushPowerButton', 'Off', true], ['PushPowerButton', 'On', false], ['ForceOff', 'On', false], ['Nmi', 'On', false],
  ] as [ResetType, StablePower, boolean][])('%s from %s boots the host: %s', (resetType, from, boots) => {
    const bmc = createBmc(1, { power: from });
    applyReset(bmc, resetType, 0);
    expect(bmc.boots).toBe(boots ? 1 : 0);
  });

  it('use up a one-time boot override and apply pending BIOS settings', () => {
    const bmc = createBmc(1);
    expect(patchSystem(bmc, { Boot: { BootSourceOverrideTarget: 'Pxe', BootSourceOverrideEnabled: 'Once' } }, systemEtag(bmc))).toEqual({ ok: true });
    expect(patchBiosSettings(bmc, { Attributes: { NumCores: 4 } })).toEqual({ ok: true });
    const etag = systemEtag(bmc);
    applyReset(bmc, 'On', 0);
    expect([bmc.bootTarget, bmc.bootEnabled]).toEqual(['Pxe', 'Disabled']);
    expect(systemEtag(bmc)).not.toBe(etag);
    expect(biosAttributes(bmc)).toMatchObject({ NumCores: 4 });
    expect(bmc.biosPending).toBeNull();
  });

  it('drop pending settings when told to, and restore the defaults after a BIOS reset', () => {
    const bmc = createBmc(1);
    applyControl(bmc, { biosApplyFails: true, biosAttributes: { AssetTag: 'x' } }, 0);
    patchBiosSettings(bmc, { Attributes: { NumCores: 4 } });
    applyReset(bmc, 'On', 0);
    expect(biosAttributes(bmc)).toMatchObject({ NumCores: 32, AssetTag: 'x' });
    applyControl(bmc, { biosApplyFails: false }, 0);
    expect(resetBios(bmc)).toEqual({ ok: true });
    applyReset(bmc, 'ForceRestart', 0);
    expect(biosAttributes(bmc)).toMatchObject({ NumCores: 32, AssetTag: '' });
  });

  it('keep management state and counters across a control reset, which lifts management faults', () => {
    const bmc = createBmc(1, { power: 'On' });
    applyReset(bmc, 'Nmi', 0);
    applyControl(bmc, { refuse: ['nmi'], secureBoot: false, bootTargets: ['Pxe'] }, 0);
    applyControl(bmc, { reset: true }, 0);
    expect(bmc).toMatchObject({ nmis: 1, refuse: [], secureBoot: true, bootTargets: expect.arrayContaining(['Pxe', 'Hdd']) });
  });
});

describe('what a boot starts', () => {
  const image: DiskImage = {
    imageId: 'img', url: 'http://x/img', bytes: 1, sha256: 'ab'.repeat(32), verified: { algo: 'sha256', value: 'ab'.repeat(32) }, writtenAt: '2026-01-01T00:00:00Z', configdrive: null,
  };
  const written: SimulatedDisk = { image, metadataErased: false };
  const cd = { Cd: { image: 'http://x/deploy.iso', inserted: true, writeProtected: true, transferProtocolType: null, userName: null } };
  const attached = { Cd: { ...cd.Cd, inserted: false } };

  // [override target, enabled, virtual media, disk] → where the boot finds something to run.
  const table: [string, 'Disabled' | 'Once' | 'Continuous', object, SimulatedDisk | null, BootSource][] = [
    ['Cd', 'Once', cd, null, 'cd'],
    ['Cd', 'Continuous', cd, written, 'cd'],
    ['Cd', 'Disabled', cd, null, 'none'],
    ['Cd', 'Disabled', cd, written, 'disk'],
    ['Cd', 'Once', {}, written, 'disk'],
    ['Cd', 'Once', attached, null, 'none'],
    ['Pxe', 'Once', {}, written, 'network'],
    ['UefiHttp', 'Continuous', {}, null, 'network'],
    ['Hdd', 'Continuous', cd, written, 'disk'],
    ['Hdd', 'Once', {}, null, 'none'],
    ['None', 'Disabled', {}, written, 'disk'],
    ['None', 'Disabled', {}, { image, metadataErased: true }, 'none'],
    ['None', 'Disabled', {}, { image: null, metadataErased: false, partialWrite: { imageId: 'img', bytes: 1 } }, 'none'],
    ['BiosSetup', 'Once', {}, written, 'none'],
    ['Usb', 'Once', {}, written, 'disk'],
  ];

  it.each(table)('given target %s (%s), media %j and disk %j, it boots from %s', (bootTarget, bootEnabled, media, disk, source) => {
    expect(bootSource({ bootTarget, bootEnabled, media, disk })).toBe(source);
  });

  it('records the boot, with the image it runs from the disk, before it uses up a one-time override', () => {
    const bmc = createBmc(1);
    bmc.disk = written;
    applyControl(bmc, { bootSourceOverrideTarget: 'Pxe', bootSourceOverrideEnabled: 'Once' }, 0);
    applyReset(bmc, 'On', 0);
    expect([bmc.booted, bmc.bootEnabled]).toEqual([{ source: 'network' }, 'Disabled']);
    applyReset(bmc, 'ForceRestart', 0);
    expect(bmc.booted).toEqual({ source: 'disk', imageId: 'img', sha256: image.sha256 });
    expect(describeBmc(bmc, 0)).toMatchObject({ booted: bmc.booted, running: bmc.booted });
    applyReset(bmc, 'ForceOff', 0);
    expect(describeBmc(bmc, 0).running).toBeNull();
  });

  it('keeps the disk and what runs across a control reset, which ejects virtual media', () => {
    const bmc = createBmc(1);
    bmc.disk = written;
    bmc.media = cd;
    applyReset(bmc, 'On', 0);
    applyControl(bmc, { reset: true }, 0);
    expect(bmc).toMatchObject({ disk: written, booted: { source: 'disk' }, media: {} });
  });
});
