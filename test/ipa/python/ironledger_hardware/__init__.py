"""An ironic-python-agent hardware manager for ironledger's tests.

IPA runs on the test machine itself, so it must never touch the machine's own disks. This
manager outranks IPA's generic one and gives it the only block devices it may use, the loop
devices the test made (IRONLEDGER_IPA_DEVICES, comma-separated /dev paths), and the only
network interfaces it has (IRONLEDGER_IPA_INTERFACES, default eth0). Every step that writes or
erases a device asks `_allowed` first and refuses anything else.
"""

import os

from ironic_python_agent import errors
from ironic_python_agent import hardware


def _allowed_disks():
    devices = [d for d in os.environ.get('IRONLEDGER_IPA_DEVICES', '').split(',') if d]
    if not devices:
        raise errors.HardwareManagerMethodNotFound('IRONLEDGER_IPA_DEVICES is empty: no device may be used')
    return devices


def _allowed(name):
    """A test disk, or a partition of one (/dev/loop3p1)."""
    for disk in _allowed_disks():
        if name == disk or (name.startswith(disk + 'p') and name[len(disk) + 1:].isdigit()):
            return True
    return False


def _refuse_unless_allowed(name):
    if not _allowed(name):
        raise errors.BlockDeviceEraseError('%s is not a device of this test; refused' % name)


class LoopDeviceHardwareManager(hardware.GenericHardwareManager):
    HARDWARE_MANAGER_NAME = 'IronledgerLoopDeviceHardwareManager'
    HARDWARE_MANAGER_VERSION = '1'

    def evaluate_hardware_support(self):
        # Above the generic manager, so that every method defined here is the one IPA calls.
        # Debian's python3-proliantutils brings a manager that may claim SERVICE_PROVIDER too.
        return hardware.HardwareSupport.SERVICE_PROVIDER + 1

    def list_block_devices(self, include_partitions=False):
        # Loop devices are lsblk's type "loop", which IPA's generic manager never lists.
        devices = [d for d in hardware.list_all_block_devices(block_type='loop') if _allowed(d.name)]
        if include_partitions:
            devices.extend(d for d in hardware.list_all_block_devices(block_type='part', ignore_raid=True) if _allowed(d.name))
        return devices

    def get_os_install_device(self, permit_refresh=False):
        # The first test disk: IPA's own choice would weigh disks the test never made.
        disk = _allowed_disks()[0]
        _refuse_unless_allowed(disk)
        return disk

    def list_network_interfaces(self):
        names = os.environ.get('IRONLEDGER_IPA_INTERFACES', 'eth0').split(',')
        return [self.get_interface_info(name) for name in names if name]

    def erase_block_device(self, node, block_device):
        _refuse_unless_allowed(block_device.name)
        return super().erase_block_device(node, block_device)

    def erase_devices_metadata(self, node, ports):
        for device in self.list_block_devices_check_skip_list(node, include_partitions=True):
            _refuse_unless_allowed(device.name)
        return super().erase_devices_metadata(node, ports)
