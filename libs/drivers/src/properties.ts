/**
 * The `driver_info` keys each hardware type reads, described for `GET /v1/drivers/{name}/properties`
 * (Ironic's `get_properties`): what this build's drivers really read, in Ironic's words where
 * Ironic has the key.
 */

/** Key → description, per hardware type. */
export const DRIVER_PROPERTIES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'fake-hardware': {
    fake_delay_ms: "How long each step of the fake hardware takes, in milliseconds. Defaults to the conductor's FAKE_STEP_DELAY_MS. Optional.",
    fake_fail: 'The work that fails: one of, or a list of, "verify", "power", "deploy", "tear_down", "clean", "inspect", "adopt", "rescue", "unrescue". Optional.',
    fake_wait: 'The work that waits for a ramdisk to call back before it finishes: one of, or a list of, "deploy", "clean", "inspect", "rescue". Optional.',
  },
  redfish: {
    redfish_address:
      'The URL address to the Redfish controller. It must include the authority portion of the URL. If the scheme is missing, https is assumed. For example: https://mgmt.vendor.com. If a path is added, it will be used as the API endpoint root_prefix. Required',
    redfish_system_id:
      'The canonical path to the ComputerSystem resource that the driver will interact with. It should include the root service, version and the unique resource path to a ComputerSystem within the same authority as the redfish_address property. For example: /redfish/v1/Systems/1. This property is only required if target BMC manages more than one ComputerSystem. Otherwise ironic will pick the only available ComputerSystem automatically.',
    redfish_username: 'User account with admin/server-profile access privilege. Required.',
    redfish_password: 'User account password. Required.',
    redfish_verify_ca:
      'Either a Boolean value, a path to a CA_BUNDLE file or directory with certificates of trusted CAs. If set to True the driver will verify the host certificates; if False the driver will ignore verifying the SSL certificate. If it\'s a path the driver will use the specified certificate or one of the certificates in the directory. Defaults to True. Optional',
    redfish_auth_type:
      'Redfish HTTP client authentication method. Can be "basic", "session" or "auto". If not set, the default value is taken from the conductor\'s REDFISH_AUTH_TYPE (Ironic\'s ``[redfish]auth_type`` option).',
  },
  ipmi: {
    ipmi_address: 'IP address or hostname of the node. Required.',
    ipmi_port: 'remote IPMI RMCP port. Optional.',
    ipmi_username: 'username; default is NULL user. Optional.',
    ipmi_password: 'password. Optional.',
    ipmi_priv_level: 'privilege level; default is ADMINISTRATOR. One of ADMINISTRATOR, CALLBACK, OPERATOR, USER. Optional.',
    ipmi_cipher_suite:
      "The number of a cipher suite to use. Only 3 (AES-128 with SHA1) or 17 (AES-128 with SHA256) should ever be used; 17 is preferred. Defaults to the conductor's IPMI_CIPHER_SUITE. Optional.",
  },
};
