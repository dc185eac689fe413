/**
 * Answers of Ironic 21.4.4 (Debian bookworm's 21.4.4-0+deb12u2, noauth, json-rpc, sqlite) with
 * `enabled_hardware_types = ipmi,redfish,fake-hardware,manual-management`, recorded to compare
 * this build's hardware types against:
 *
 * - `defaults`: `GET /v1/drivers/{name}`'s `default_*_interface` under Ironic's default
 *   `enabled_*_interfaces` (plus fake hardware's `fake` implementations);
 * - `enabled`: its `enabled_*_interfaces` (sorted) with every implementation these types support
 *   enabled that needs no other service: the defaults plus `inspector` inspection, `agent` rescue,
 *   `ipmitool-socat` and `ipmitool-shellinabox` consoles and `external` storage;
 * - `cases`: node requests and their answers in that second configuration, node UUIDs written
 *   `{uuid}`, and the implementation object Ironic names in its incompatibility refusal
 *   (whose address varies) `{implementation}`; `IRONIC_MANUAL_CASES` were recorded later the same
 *   way, with `enabled_power_interfaces` and `enabled_management_interfaces` left for Ironic to
 *   work out from the enabled types (which adds `agent` and `fake` power, `noop` and `fake`
 *   management): `manual-management` nodes, `noop` management on `ipmi`; `IRONIC_CINDER_CASES`
 *   too (the volume target's UUID written `{target}`, the conductor's host `{conductor}`): `cinder`
 *   storage checking a node's volumes. Their nodes name `ipmitool-socat`, the console that
 *   configuration gave them by default, so that a build whose default is Ironic's default
 *   configuration's (`no-console`) is asked for the same node.
 *
 * `manual-management`'s defaults were recorded in that configuration too, except `inspect`:
 * there it was `inspector`, which Ironic's default `enabled_inspect_interfaces` (`no-inspect`,
 * `redfish`) does not enable, so its first supported enabled one, `no-inspect`, is its default.
 */
export interface RecordedCase {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  readonly path: string;
  readonly body: unknown;
  readonly status: number;
  /** The answer's body (only the fields the test compares), or the refusal's `faultstring`. */
  readonly answer: unknown;
}

export const IRONIC_DEFAULTS: Record<string, Record<string, string>> = {
  "ipmi": {
    "bios": "no-bios",
    "boot": "ipxe",
    "console": "no-console",
    "deploy": "direct",
    "inspect": "no-inspect",
    "management": "ipmitool",
    "network": "flat",
    "power": "ipmitool",
    "raid": "no-raid",
    "rescue": "no-rescue",
    "storage": "noop",
    "vendor": "ipmitool"
  },
  "redfish": {
    "bios": "redfish",
    "boot": "ipxe",
    "console": "no-console",
    "deploy": "direct",
    "inspect": "redfish",
    "management": "redfish",
    "network": "flat",
    "power": "redfish",
    "raid": "redfish",
    "rescue": "no-rescue",
    "storage": "noop",
    "vendor": "redfish"
  },
  "manual-management": {
    "bios": "no-bios",
    "boot": "ipxe",
    "console": "no-console",
    "deploy": "direct",
    "inspect": "no-inspect",
    "management": "noop",
    "network": "flat",
    "power": "agent",
    "raid": "no-raid",
    "rescue": "no-rescue",
    "storage": "noop",
    "vendor": "no-vendor"
  }
};

export const IRONIC_ENABLED: Record<string, Record<string, string[]>> = {
  "ipmi": {
    "bios": [
      "no-bios"
    ],
    "boot": [
      "ipxe",
      "pxe"
    ],
    "console": [
      "ipmitool-shellinabox",
      "ipmitool-socat",
      "no-console"
    ],
    "deploy": [
      "direct",
      "ramdisk"
    ],
    "inspect": [
      "inspector",
      "no-inspect"
    ],
    "management": [
      "ipmitool",
      "noop"
    ],
    "network": [
      "flat",
      "noop"
    ],
    "power": [
      "ipmitool"
    ],
    "raid": [
      "agent",
      "no-raid"
    ],
    "rescue": [
      "agent",
      "no-rescue"
    ],
    "storage": [
      "cinder",
      "external",
      "noop"
    ],
    "vendor": [
      "ipmitool",
      "no-vendor"
    ]
  },
  "redfish": {
    "bios": [
      "no-bios",
      "redfish"
    ],
    "boot": [
      "ipxe",
      "pxe",
      "redfish-virtual-media"
    ],
    "console": [
      "no-console"
    ],
    "deploy": [
      "direct",
      "ramdisk"
    ],
    "inspect": [
      "inspector",
      "no-inspect",
      "redfish"
    ],
    "management": [
      "noop",
      "redfish"
    ],
    "network": [
      "flat",
      "noop"
    ],
    "power": [
      "redfish"
    ],
    "raid": [
      "agent",
      "no-raid",
      "redfish"
    ],
    "rescue": [
      "agent",
      "no-rescue"
    ],
    "storage": [
      "cinder",
      "external",
      "noop"
    ],
    "vendor": [
      "no-vendor",
      "redfish"
    ]
  },
  "manual-management": {
    "bios": [
      "no-bios"
    ],
    "boot": [
      "ipxe",
      "pxe"
    ],
    "console": [
      "no-console"
    ],
    "deploy": [
      "direct",
      "ramdisk"
    ],
    "inspect": [
      "inspector",
      "no-inspect"
    ],
    "management": [
      "fake",
      "noop"
    ],
    "network": [
      "flat",
      "noop"
    ],
    "power": [
      "agent",
      "fake"
    ],
    "raid": [
      "agent",
      "no-raid"
    ],
    "rescue": [
      "agent",
      "no-rescue"
    ],
    "storage": [
      "cinder",
      "external",
      "noop"
    ],
    "vendor": [
      "no-vendor"
    ]
  }
};

export const IRONIC_CASES: RecordedCase[] = [
  {
    "name": "metal3 create",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "boot_interface": "ipxe",
      "raid_interface": "agent",
      "driver_info": {
        "ipmi_address": "127.0.0.1",
        "ipmi_username": "admin",
        "ipmi_password": "password"
      }
    },
    "status": 201,
    "answer": {
      "driver": "ipmi",
      "boot_interface": "ipxe",
      "raid_interface": "agent",
      "deploy_interface": "direct",
      "management_interface": "ipmitool",
      "power_interface": "ipmitool"
    }
  },
  {
    "name": "every interface named create",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "boot_interface": "ipxe",
      "raid_interface": "agent",
      "console_interface": "ipmitool-socat",
      "network_interface": "noop",
      "inspect_interface": "inspector",
      "rescue_interface": "agent",
      "storage_interface": "external",
      "vendor_interface": "ipmitool",
      "deploy_interface": "direct",
      "management_interface": "ipmitool",
      "bios_interface": "no-bios",
      "driver_info": {
        "ipmi_address": "127.0.0.1",
        "ipmi_username": "admin",
        "ipmi_password": "password",
        "deploy_kernel": "http://127.0.0.1:8000/ipa.kernel",
        "deploy_ramdisk": "http://127.0.0.1:8000/ipa.initramfs",
        "rescue_kernel": "http://127.0.0.1:8000/ipa.kernel",
        "rescue_ramdisk": "http://127.0.0.1:8000/ipa.initramfs"
      },
      "name": "ifaces-ipmi"
    },
    "status": 201,
    "answer": {
      "bios_interface": "no-bios",
      "boot_interface": "ipxe",
      "console_interface": "ipmitool-socat",
      "deploy_interface": "direct",
      "inspect_interface": "inspector",
      "management_interface": "ipmitool",
      "network_interface": "noop",
      "power_interface": "ipmitool",
      "raid_interface": "agent",
      "rescue_interface": "agent",
      "storage_interface": "external",
      "vendor_interface": "ipmitool"
    }
  },
  {
    "name": "validate without a port",
    "method": "GET",
    "path": "/nodes/ifaces-ipmi/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": true
      },
      "rescue": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "a port for network boot",
    "method": "POST",
    "path": "/ports",
    "body": {
      "node_uuid": "ifaces-ipmi",
      "address": "52:54:00:aa:bb:01"
    },
    "status": 201,
    "answer": {
      "address": "52:54:00:aa:bb:01"
    }
  },
  {
    "name": "validate with a port",
    "method": "GET",
    "path": "/nodes/ifaces-ipmi/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": true
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": true
      },
      "rescue": {
        "result": false,
        "reason": "Node {uuid} is missing 'instance_info/rescue_password'. It is required for rescuing node."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "console port named",
    "method": "PATCH",
    "path": "/nodes/ifaces-ipmi",
    "body": [
      {
        "op": "add",
        "path": "/driver_info/ipmi_terminal_port",
        "value": 8023
      },
      {
        "op": "add",
        "path": "/instance_info/image_source",
        "value": "http://127.0.0.1:8000/images/demo.img"
      },
      {
        "op": "add",
        "path": "/instance_info/image_checksum",
        "value": "http://127.0.0.1:8000/images/demo.img.sha256"
      }
    ],
    "status": 200,
    "answer": {
      "console_interface": "ipmitool-socat"
    }
  },
  {
    "name": "validate with a console port and an image",
    "method": "GET",
    "path": "/nodes/ifaces-ipmi/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": true
      },
      "deploy": {
        "result": true
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": true
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": true
      },
      "rescue": {
        "result": false,
        "reason": "Node {uuid} is missing 'instance_info/rescue_password'. It is required for rescuing node."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "update to pxe, no-raid, shellinabox",
    "method": "PATCH",
    "path": "/nodes/ifaces-ipmi",
    "body": [
      {
        "op": "replace",
        "path": "/boot_interface",
        "value": "pxe"
      },
      {
        "op": "replace",
        "path": "/raid_interface",
        "value": "no-raid"
      },
      {
        "op": "replace",
        "path": "/console_interface",
        "value": "ipmitool-shellinabox"
      },
      {
        "op": "replace",
        "path": "/vendor_interface",
        "value": "no-vendor"
      }
    ],
    "status": 200,
    "answer": {
      "boot_interface": "pxe",
      "raid_interface": "no-raid",
      "console_interface": "ipmitool-shellinabox",
      "vendor_interface": "no-vendor"
    }
  },
  {
    "name": "update to an unknown boot interface",
    "method": "PATCH",
    "path": "/nodes/ifaces-ipmi",
    "body": [
      {
        "op": "replace",
        "path": "/boot_interface",
        "value": "bogus"
      }
    ],
    "status": 400,
    "answer": "Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: bogus. Valid interfaces are ['fake', 'ipxe', 'pxe', 'redfish-virtual-media']."
  },
  {
    "name": "update to virtual media on ipmi",
    "method": "PATCH",
    "path": "/nodes/ifaces-ipmi",
    "body": [
      {
        "op": "replace",
        "path": "/boot_interface",
        "value": "redfish-virtual-media"
      }
    ],
    "status": 400,
    "answer": "boot interface implementation '{implementation}' is not supported by hardware type IPMIHardware."
  },
  {
    "name": "ipmi with an unknown boot interface",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "boot_interface": "bogus"
    },
    "status": 400,
    "answer": "Could not find the following interface in the 'ironic.hardware.interfaces.boot' entrypoint: bogus. Valid interfaces are ['fake', 'ipxe', 'pxe', 'redfish-virtual-media']."
  },
  {
    "name": "ipmi with virtual media",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "boot_interface": "redfish-virtual-media"
    },
    "status": 400,
    "answer": "boot interface implementation '{implementation}' is not supported by hardware type IPMIHardware."
  },
  {
    "name": "redfish with a serial console",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "redfish",
      "console_interface": "ipmitool-socat"
    },
    "status": 400,
    "answer": "console interface implementation '{implementation}' is not supported by hardware type RedfishHardware."
  },
  {
    "name": "redfish with ipmitool vendor",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "redfish",
      "vendor_interface": "ipmitool"
    },
    "status": 400,
    "answer": "vendor interface implementation '{implementation}' is not supported by hardware type RedfishHardware."
  },
  {
    "name": "redfish with iPXE and agent RAID",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "redfish",
      "name": "ifaces-redfish",
      "boot_interface": "ipxe",
      "raid_interface": "agent",
      "inspect_interface": "inspector",
      "network_interface": "noop",
      "vendor_interface": "no-vendor",
      "storage_interface": "external",
      "driver_info": {
        "redfish_address": "http://127.0.0.1:8000",
        "redfish_system_id": "/redfish/v1/Systems/x",
        "redfish_username": "u",
        "redfish_password": "p",
        "deploy_kernel": "http://127.0.0.1:8000/ipa.kernel",
        "deploy_ramdisk": "http://127.0.0.1:8000/ipa.initramfs"
      }
    },
    "status": 201,
    "answer": {
      "boot_interface": "ipxe",
      "raid_interface": "agent",
      "storage_interface": "external"
    }
  },
  {
    "name": "validate redfish with iPXE",
    "method": "GET",
    "path": "/nodes/ifaces-redfish/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": true
      },
      "console": {
        "result": false,
        "reason": "Driver redfish does not support console (disabled or not implemented)."
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": true
      },
      "rescue": {
        "result": false,
        "reason": "Driver redfish does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "flat network",
    "method": "PATCH",
    "path": "/nodes/ifaces-ipmi",
    "body": [
      {
        "op": "replace",
        "path": "/network_interface",
        "value": "flat"
      }
    ],
    "status": 200,
    "answer": {
      "network_interface": "flat"
    }
  },
  {
    "name": "validate a flat network",
    "method": "GET",
    "path": "/nodes/ifaces-ipmi/validate",
    "body": null,
    "status": 200,
    "answer": {
      "network": {
        "result": false,
        "reason": "UUID or name of cleaning network is not set in configuration"
      }
    }
  }
];

export const IRONIC_MANUAL_CASES: RecordedCase[] = [
  {
    "name": "manual-management create",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "network_interface": "noop",
      "driver_info": {
        "deploy_kernel": "http://127.0.0.1:8000/ipa.kernel",
        "deploy_ramdisk": "http://127.0.0.1:8000/ipa.initramfs",
        "rescue_kernel": "http://127.0.0.1:8000/ipa.kernel",
        "rescue_ramdisk": "http://127.0.0.1:8000/ipa.initramfs"
      },
      "name": "ifaces-manual"
    },
    "status": 201,
    "answer": {
      "driver": "manual-management",
      "bios_interface": "no-bios",
      "boot_interface": "ipxe",
      "console_interface": "no-console",
      "deploy_interface": "direct",
      "inspect_interface": "inspector",
      "management_interface": "noop",
      "network_interface": "noop",
      "power_interface": "agent",
      "raid_interface": "no-raid",
      "rescue_interface": "no-rescue",
      "storage_interface": "noop",
      "vendor_interface": "no-vendor"
    }
  },
  {
    "name": "manual-management validate without a port",
    "method": "GET",
    "path": "/nodes/ifaces-manual/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": false,
        "reason": "Fast track mode must be enabled to use the agent power interface"
      },
      "bios": {
        "result": false,
        "reason": "Driver manual-management does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Driver manual-management does not support console (disabled or not implemented)."
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver manual-management does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver manual-management does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "manual-management boot device (noop management)",
    "method": "GET",
    "path": "/nodes/ifaces-manual/management/boot_device",
    "body": null,
    "status": 200,
    "answer": {
      "boot_device": "pxe",
      "persistent": true
    }
  },
  {
    "name": "manual-management supported boot devices",
    "method": "GET",
    "path": "/nodes/ifaces-manual/management/boot_device/supported",
    "body": null,
    "status": 200,
    "answer": {
      "supported_boot_devices": [
        "pxe",
        "disk"
      ]
    }
  },
  {
    "name": "manual-management power on through the agent",
    "method": "PUT",
    "path": "/nodes/ifaces-manual/states/power",
    "body": {
      "target": "power on"
    },
    "status": 400,
    "answer": "Fast track mode must be enabled to use the agent power interface"
  },
  {
    "name": "a port for the manual node",
    "method": "POST",
    "path": "/ports",
    "body": {
      "node_uuid": "ifaces-manual",
      "address": "52:54:00:aa:bb:07"
    },
    "status": 201,
    "answer": {
      "address": "52:54:00:aa:bb:07"
    }
  },
  {
    "name": "manual-management validate with a port",
    "method": "GET",
    "path": "/nodes/ifaces-manual/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": true
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": false,
        "reason": "Fast track mode must be enabled to use the agent power interface"
      },
      "bios": {
        "result": false,
        "reason": "Driver manual-management does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Driver manual-management does not support console (disabled or not implemented)."
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver manual-management does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver manual-management does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "manual-management to fake power and management, agent RAID and rescue",
    "method": "PATCH",
    "path": "/nodes/ifaces-manual",
    "body": [
      {
        "op": "replace",
        "path": "/power_interface",
        "value": "fake"
      },
      {
        "op": "replace",
        "path": "/management_interface",
        "value": "fake"
      },
      {
        "op": "replace",
        "path": "/raid_interface",
        "value": "agent"
      },
      {
        "op": "replace",
        "path": "/rescue_interface",
        "value": "agent"
      }
    ],
    "status": 200,
    "answer": {
      "bios_interface": "no-bios",
      "boot_interface": "ipxe",
      "console_interface": "no-console",
      "deploy_interface": "direct",
      "inspect_interface": "inspector",
      "management_interface": "fake",
      "network_interface": "noop",
      "power_interface": "fake",
      "raid_interface": "agent",
      "rescue_interface": "agent",
      "storage_interface": "noop",
      "vendor_interface": "no-vendor"
    }
  },
  {
    "name": "manual-management validate with fake power",
    "method": "GET",
    "path": "/nodes/ifaces-manual/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": true
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} failed to validate deploy image info. Some parameters were missing. Missing are: ['instance_info.image_source']"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver manual-management does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Driver manual-management does not support console (disabled or not implemented)."
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": true
      },
      "rescue": {
        "result": false,
        "reason": "Node {uuid} is missing 'instance_info/rescue_password'. It is required for rescuing node."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "manual-management back to agent power",
    "method": "PATCH",
    "path": "/nodes/ifaces-manual",
    "body": [
      {
        "op": "replace",
        "path": "/power_interface",
        "value": "agent"
      }
    ],
    "status": 200,
    "answer": {
      "power_interface": "agent"
    }
  },
  {
    "name": "manual-management with ipmitool power",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "power_interface": "ipmitool"
    },
    "status": 400,
    "answer": "power interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "manual-management with ipmitool vendor",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "vendor_interface": "ipmitool"
    },
    "status": 400,
    "answer": "vendor interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "manual-management with a serial console",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "console_interface": "ipmitool-socat"
    },
    "status": 400,
    "answer": "console interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "manual-management with redfish BIOS",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "bios_interface": "redfish"
    },
    "status": 400,
    "answer": "bios interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "manual-management with virtual media",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "boot_interface": "redfish-virtual-media"
    },
    "status": 400,
    "answer": "boot interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "manual-management with redfish management",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "manual-management",
      "management_interface": "redfish"
    },
    "status": 400,
    "answer": "management interface implementation '{implementation}' is not supported by hardware type ManualManagementHardware."
  },
  {
    "name": "ipmi with agent power",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "power_interface": "agent"
    },
    "status": 400,
    "answer": "power interface implementation '{implementation}' is not supported by hardware type IPMIHardware."
  },
  {
    "name": "ipmi with noop management",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "management_interface": "noop",
      "driver_info": {
        "ipmi_address": "127.0.0.1"
      },
      "name": "ifaces-ipmi-noop"
    },
    "status": 201,
    "answer": {
      "management_interface": "noop"
    }
  },
  {
    "name": "noop management boot device",
    "method": "GET",
    "path": "/nodes/ifaces-ipmi-noop/management/boot_device",
    "body": null,
    "status": 200,
    "answer": {
      "boot_device": "pxe",
      "persistent": true
    }
  },
  {
    "name": "noop management refuses cdrom",
    "method": "PUT",
    "path": "/nodes/ifaces-ipmi-noop/management/boot_device",
    "body": {
      "boot_device": "cdrom"
    },
    "status": 400,
    "answer": "Invalid boot device cdrom specified, supported are pxe, disk."
  },
  {
    "name": "noop management takes disk",
    "method": "PUT",
    "path": "/nodes/ifaces-ipmi-noop/management/boot_device",
    "body": {
      "boot_device": "disk"
    },
    "status": 204,
    "answer": null
  }
];

export const IRONIC_CINDER_CASES: RecordedCase[] = [
  {
    "name": "cinder storage create",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "storage_interface": "cinder",
      "network_interface": "noop",
      "console_interface": "ipmitool-socat",
      "driver_info": {
        "ipmi_address": "127.0.0.1",
        "ipmi_username": "admin",
        "ipmi_password": "password"
      },
      "name": "ifaces-cinder"
    },
    "status": 201,
    "answer": {
      "storage_interface": "cinder"
    }
  },
  {
    "name": "cinder validate",
    "method": "GET",
    "path": "/nodes/ifaces-cinder/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver ipmi does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver ipmi does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": true
      }
    }
  },
  {
    "name": "cinder node booting from an iSCSI volume",
    "method": "POST",
    "path": "/nodes",
    "body": {
      "driver": "ipmi",
      "name": "ifaces-cinder-bfv",
      "storage_interface": "cinder",
      "network_interface": "noop",
      "console_interface": "ipmitool-socat",
      "driver_info": {
        "ipmi_address": "127.0.0.1"
      }
    },
    "status": 201,
    "answer": {
      "storage_interface": "cinder"
    }
  },
  {
    "name": "an iSCSI boot volume",
    "method": "POST",
    "path": "/volume/targets",
    "body": {
      "node_uuid": "ifaces-cinder-bfv",
      "volume_type": "iscsi",
      "boot_index": 0,
      "volume_id": "vol-1"
    },
    "status": 201,
    "answer": {
      "volume_type": "iscsi",
      "boot_index": 0
    }
  },
  {
    "name": "validate an iSCSI boot volume without the iscsi_boot capability",
    "method": "GET",
    "path": "/nodes/ifaces-cinder-bfv/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver ipmi does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver ipmi does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": false,
        "reason": "Failed to validate cinder storage interface for node {uuid}. Volume target {target} is configured for 'iscsi', however the capability 'iscsi_boot' is not set for the node."
      }
    }
  },
  {
    "name": "the iscsi_boot capability",
    "method": "PATCH",
    "path": "/nodes/ifaces-cinder-bfv",
    "body": [
      {
        "op": "add",
        "path": "/properties/capabilities",
        "value": "iscsi_boot:true"
      }
    ],
    "status": 200,
    "answer": {
      "properties": {
        "capabilities": "iscsi_boot:true"
      }
    }
  },
  {
    "name": "validate the iscsi_boot capability without an iSCSI connector",
    "method": "GET",
    "path": "/nodes/ifaces-cinder-bfv/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver ipmi does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver ipmi does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": false,
        "reason": "Failed to validate cinder storage interface for node {uuid}. In order to enable the 'iscsi_boot' capability for the node, an associated volume_connector type must be valid for iSCSI (iqn)."
      }
    }
  },
  {
    "name": "a Fibre Channel WWPN connector",
    "method": "POST",
    "path": "/volume/connectors",
    "body": {
      "node_uuid": "ifaces-cinder-bfv",
      "type": "wwpn",
      "connector_id": "21:00:00:24:ff:4c:c5:b1"
    },
    "status": 201,
    "answer": {
      "type": "wwpn"
    }
  },
  {
    "name": "validate a WWPN without its WWNN",
    "method": "GET",
    "path": "/nodes/ifaces-cinder-bfv/validate",
    "body": null,
    "status": 200,
    "answer": {
      "boot": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "deploy": {
        "result": false,
        "reason": "Node {uuid} does not have any port associated with it"
      },
      "management": {
        "result": true
      },
      "network": {
        "result": true
      },
      "power": {
        "result": true
      },
      "bios": {
        "result": false,
        "reason": "Driver ipmi does not support bios (disabled or not implemented)."
      },
      "console": {
        "result": false,
        "reason": "Either missing 'ipmi_terminal_port' parameter in node's driver_info or [console]port_range is not configured"
      },
      "inspect": {
        "result": true
      },
      "raid": {
        "result": false,
        "reason": "Driver ipmi does not support raid (disabled or not implemented)."
      },
      "rescue": {
        "result": false,
        "reason": "Driver ipmi does not support rescue (disabled or not implemented)."
      },
      "storage": {
        "result": false,
        "reason": "Unexpected exception, traceback saved into log by ironic conductor service that is running on {conductor}: Failed to validate cinder storage interface for node {uuid}. Cinder requires both wwnn and wwpn entries for FCoE connections. There must be a wwpn entry for every wwnn entry. There are 1 wwpn entries and 0 wwnn entries."
      }
    }
  }
];

/**
 * An `ipmi` node on ipmi_sim with `cinder` storage booting from an iSCSI volume (an `iqn`
 * connector, a target with `boot_index` 0, the `iscsi_boot` capability, a port, no image):
 * its validation (the interfaces that can pass), then the node after `manage`, `provide`
 * (without automated cleaning) and `deploy`, node UUID written `{uuid}`.
 */
export const IRONIC_CINDER_DEPLOY: { validate: Record<string, unknown>; deployed: Record<string, unknown> } = {
  "validate": {
    "boot": {
      "result": true
    },
    "deploy": {
      "result": true
    },
    "management": {
      "result": true
    },
    "network": {
      "result": true
    },
    "power": {
      "result": true
    },
    "storage": {
      "result": true
    }
  },
  "deployed": {
    "provision_state": "deploy failed",
    "last_error": "Failed to prepare to deploy: Failed to initialize cinder client for operations on node {uuid}: An auth plugin is required to determine endpoint URL",
    "power_state": "power off",
    "target_provision_state": "active"
  }
};
