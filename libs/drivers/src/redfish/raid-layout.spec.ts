/**
 * Where Ironic 21.4's `redfish` RAID interface places logical disks, checked against what its
 * own placement code (`_find_configuration` of Debian's python3-ironic 21.4.4) gave for the same
 * drives and targets: four 480 GiB SAS HDDs and two 240 GiB SATA SSDs on one controller.
 */
import { describe, expect, it } from '@jest/globals';
import { type JsonObject } from '@ironledger/domain';
import { findConfiguration, type PhysicalDrive, plannedDisks } from './raid-layout.js';

const GIB = 1024 ** 3;
const DRIVES: PhysicalDrive[] = [
  ...[0, 1, 2, 3].map((i) => ({ id: `Disk.${i}`, path: `/Drives/Disk.${i}`, capacityBytes: 480 * GIB, mediaType: 'HDD', protocol: 'SAS', storage: '1' })),
  ...[0, 1].map((i) => ({ id: `Ssd.${i}`, path: `/Drives/Ssd.${i}`, capacityBytes: 240 * GIB, mediaType: 'SSD', protocol: 'SATA', storage: '1' })),
];

/** Each target, and Ironic's placement of its disks (in the order it submits them) or its error. */
const IRONIC: [JsonObject[], JsonObject[] | string][] = [
  [[{ size_gb: 100, raid_level: '1+0' }], [{ raid_level: '1+0', physical_disks: ['Disk.0', 'Disk.1', 'Disk.2', 'Disk.3'], size_bytes: 107374182400, controller: '1', span_depth: null, span_length: null }]],
  [[{ size_gb: 500, raid_level: '5' }], [{ raid_level: '5', physical_disks: ['Disk.0', 'Disk.1', 'Disk.2'], size_bytes: 536870912000, controller: '1', span_depth: 1, span_length: 3.0 }]],
  [[{ size_gb: 'MAX', raid_level: '1', controller: '1', physical_disks: ['Disk.0', 'Disk.1'], share_physical_disks: true }, { size_gb: 100, raid_level: '0', share_physical_disks: true }], [{ raid_level: '0', physical_disks: ['Disk.2'], size_bytes: 107374182400, controller: '1', span_depth: 1, span_length: 1.0 }, { raid_level: '1', physical_disks: ['Disk.0', 'Disk.1'], size_bytes: 515396075520, controller: '1', span_depth: 1, span_length: 2.0 }]],
  [[{ size_gb: 50, raid_level: '1', disk_type: 'ssd' }], [{ raid_level: '1', physical_disks: ['Ssd.0', 'Ssd.1'], size_bytes: 53687091200, controller: '1', span_depth: 1, span_length: 2.0 }]],
  [[{ size_gb: 50, raid_level: '0', interface_type: 'sata', number_of_physical_disks: 2 }], [{ raid_level: '0', physical_disks: ['Ssd.0', 'Ssd.1'], size_bytes: 53687091200, controller: '1', span_depth: 1, span_length: 2.0 }]],
  [[{ size_gb: 10, raid_level: '5+0' }], 'Redfish exception occurred. Error: failed to find matching physical disks for all logical disks'],
  [[{ size_gb: 10, raid_level: '1+0' }, { size_gb: 10, raid_level: '1+0' }], 'Redfish exception occurred. Error: Spanned RAID volumes cannot contain a single span'],
  [[{ size_gb: 300, raid_level: '1', is_root_volume: true }, { size_gb: 300, raid_level: '1' }, { size_gb: 100, raid_level: '1', disk_type: 'ssd' }], [{ raid_level: '1', physical_disks: ['Ssd.0', 'Ssd.1'], size_bytes: 107374182400, controller: '1', span_depth: 1, span_length: 2.0 }, { raid_level: '1', physical_disks: ['Disk.2', 'Disk.3'], size_bytes: 322122547200, controller: '1', span_depth: 1, span_length: 2.0 }, { raid_level: '1', physical_disks: ['Disk.0', 'Disk.1'], size_bytes: 322122547200, controller: '1', span_depth: 1, span_length: 2.0 }]],
  [[{ size_gb: 10, raid_level: '6' }], [{ raid_level: '6', physical_disks: ['Disk.0', 'Disk.1', 'Disk.2', 'Disk.3'], size_bytes: 10737418240, controller: '1', span_depth: 1, span_length: 4.0 }]],
  [[{ size_gb: 10, raid_level: '1', controller: '1', physical_disks: ['Nope.0'] }], 'min() arg is an empty sequence'],
];

describe('findConfiguration', () => {
  it.each(IRONIC.map(([target, placed], index) => [index, target, placed] as const))('places target %i as Ironic 21.4 does', (_index, target, placed) => {
    let answer: unknown;
    try {
      answer = findConfiguration(plannedDisks('u', target), DRIVES).map(({ raid_level, physical_disks, size_bytes, controller, span_depth, span_length }) => ({ raid_level, physical_disks, size_bytes, controller, span_depth, span_length }));
    } catch (error) {
      answer = (error as Error).message;
    }
    expect(answer).toEqual(placed);
  });
});
