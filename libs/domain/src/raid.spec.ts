/**
 * The RAID schema's errors as Ironic 21.4 reports them: each expectation was produced by Ironic's
 * own schema file and the `jsonschema` library it runs with (Debian's, `best_match`).
 */
import { describe, expect, it } from '@jest/globals';
import { type JsonObject } from './node.js';
import { builtRaidProblem, LOGICAL_DISK_PROPERTY_DESCRIPTIONS, raidConfigProblem, recordedRaid } from './raid.js';

const CASES: [unknown, string][] = [
  [{"logical_disks": []}, "[] is too short"],
  [{"logical_disks": [{"size_gb": 10}]}, "'raid_level' is a required property"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "7"}]}, "'7' is not one of ['JBOD', '0', '1', '2', '5', '6', '1+0', '5+0', '6+0']"],
  [{"logical_disks": [{"size_gb": -1, "raid_level": "1"}]}, "-1 is less than the minimum of 0"],
  [{"logical_disks": [{"size_gb": "10", "raid_level": "1"}]}, "'10' is not one of ['MAX']"],
  [{"logical_disks": [{"size_gb": 1.5, "raid_level": "1"}]}, "1.5 is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": true, "raid_level": "1"}]}, "True is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": null, "raid_level": "1"}]}, "None is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": "max", "raid_level": "1"}]}, "'max' is not one of ['MAX']"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": 1}]}, "1 is not of type 'string'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "foo": 1}]}, "Additional properties are not allowed ('foo' was unexpected)"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "foo": 1, "bar": 2}]}, "Additional properties are not allowed ('bar', 'foo' were unexpected)"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "7", "foo": 1}]}, "Additional properties are not allowed ('foo' was unexpected)"],
  [{"logical_disks": [{"raid_level": "1", "foo": 1}]}, "'size_gb' is a required property"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1"}], "extra": 1}, "Additional properties are not allowed ('extra' was unexpected)"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "physical_disks": ["a"]}]}, "'controller' is a dependency of 'physical_disks'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "physical_disks": [{"a": 1}], "controller": "c"}]}, "{'a': 1} is not of type 'string'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "physical_disks": "x", "controller": "c"}]}, "'x' is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "physical_disks": ["a", 1], "controller": "c"}]}, "['a', 1] is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "physical_disks": [1], "controller": "c"}]}, "[1] is not valid under any of the given schemas"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "number_of_physical_disks": 0}]}, "0 is less than or equal to the minimum of 0"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "number_of_physical_disks": "2"}]}, "'2' is not of type 'integer'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "volume_name": 5}]}, "5 is not of type 'string'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "is_root_volume": "yes"}]}, "'yes' is not of type 'boolean'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "disk_type": "nvme"}]}, "'nvme' is not one of ['hdd', 'ssd']"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "interface_type": "usb"}]}, "'usb' is not one of ['sata', 'scsi', 'sas']"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "controller": 5}]}, "5 is not of type 'string'"],
  [{"logical_disks": "x"}, "'x' is not of type 'array'"],
  [{"logical_disks": [1]}, "1 is not of type 'object'"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1"}, "x"]}, "'x' is not of type 'object'"],
  [{"foo": 1}, "'logical_disks' is a required property"],
  [{"foo": 1, "bar": {"x": "it's"}}, "'logical_disks' is a required property"],
  [{"logical_disks": null}, "None is not of type 'array'"],
  [{"logical_disks": [{}]}, "'raid_level' is a required property"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1"}, {"size_gb": -5, "raid_level": "9"}]}, "'9' is not one of ['JBOD', '0', '1', '2', '5', '6', '1+0', '5+0', '6+0']"],
  [{"logical_disks": [{"size_gb": 10, "raid_level": "1", "share_physical_disks": 1}]}, "1 is not of type 'boolean'"],
];

describe('raidConfigProblem', () => {
  it.each(CASES)('%j: %s', (config, message) => {
    expect(raidConfigProblem(config as JsonObject)).toBe(`RAID config validation error: ${message}`);
  });

  it('accepts a valid configuration and the empty one, and allows one root volume only', () => {
    expect(raidConfigProblem({})).toBeNull();
    const disk = { size_gb: 100, raid_level: '1+0', volume_name: 'root', is_root_volume: true, disk_type: 'ssd', interface_type: 'sas', controller: 'RAID.1', physical_disks: ['d1', 'd2'] };
    expect(raidConfigProblem({ logical_disks: [disk, { size_gb: 'MAX', raid_level: '5' }] })).toBeNull();
    expect(raidConfigProblem({ logical_disks: [{ ...disk, physical_disks: [{ id: 1 }, { id: 2 }] }] })).toBeNull();
    expect(raidConfigProblem({ logical_disks: [disk, { ...disk, size_gb: 'MAX' }, { size_gb: 1, raid_level: '0', is_root_volume: true }] })).toBe(
      'Raid config cannot have more than one root volume. 3 root volumes were specified',
    );
  });

  it('refuses SCSI disks for the redfish RAID interface only, as Ironic’s does', () => {
    const config = { logical_disks: [{ size_gb: 10, raid_level: '1', interface_type: 'scsi' }] };
    expect(raidConfigProblem(config, 'redfish')).toBe('interface type `scsi` not supported by Redfish RAID');
    expect(raidConfigProblem(config, 'agent')).toBeNull();
    expect(raidConfigProblem({ logical_disks: [{ size_gb: 10, raid_level: '1', interface_type: 'sas' }] }, 'redfish')).toBeNull();
  });

  it('describes each logical disk property as Ironic does', () => {
    expect(Object.keys(LOGICAL_DISK_PROPERTY_DESCRIPTIONS)).toEqual([
      'raid_level', 'size_gb', 'volume_name', 'is_root_volume', 'share_physical_disks', 'disk_type', 'interface_type', 'number_of_physical_disks', 'controller', 'physical_disks',
    ]);
    expect(LOGICAL_DISK_PROPERTY_DESCRIPTIONS.size_gb).toBe(
      "Size in GiB (Integer) for the logical disk. Use 'MAX' as size_gb if this logical disk is supposed to use the rest of the space available. Required.",
    );
  });
});

describe('what agent RAID records once its steps ran', () => {
  const at = '2026-03-04T05:06:07.890Z';

  it('keeps the built configuration with last_updated as Python prints it, its root volume setting local_gb, root_device and raid_level', () => {
    const built: JsonObject = { logical_disks: [{ size_gb: 100, raid_level: '1', is_root_volume: true, root_device_hint: { name: '/dev/md0' } }, { size_gb: 'MAX', raid_level: '0' }] };
    expect(recordedRaid({ cpus: 4, capabilities: 'boot_mode:uefi,raid_level:0' }, built, at)).toEqual({
      raid_config: { ...built, last_updated: '2026-03-04 05:06:07.890000' },
      properties: { cpus: 4, local_gb: 100, root_device: { name: '/dev/md0' }, capabilities: 'boot_mode:uefi,raid_level:1' },
    });
    // A root volume of MAX leaves local_gb alone; a node without capabilities gets the one.
    expect(recordedRaid({ local_gb: 10 }, { logical_disks: [{ size_gb: 'MAX', raid_level: '5', is_root_volume: true }] }, '2026-03-04T05:06:07Z').properties).toEqual({ local_gb: 10, capabilities: 'raid_level:5' });
    expect(recordedRaid({}, { logical_disks: [{ size_gb: 10, raid_level: '1' }] }, at).properties).toEqual({});
  });

  it('clears the configuration and root_device after delete_configuration', () => {
    expect(recordedRaid({ local_gb: 100, root_device: { name: '/dev/md0' } }, {}, at)).toEqual({ raid_config: {}, properties: { local_gb: 100 } });
  });

  it('refuses a built configuration with two root volumes, in Ironic’s words', () => {
    const two = { logical_disks: [{ size_gb: 1, raid_level: '1', is_root_volume: true }, { size_gb: 2, raid_level: '1', is_root_volume: true }] };
    expect(builtRaidProblem(two)).toBe('Raid config cannot have more than one root volume. 2 root volumes were specified');
    expect(builtRaidProblem({ logical_disks: [] })).toBeNull();
  });
});
