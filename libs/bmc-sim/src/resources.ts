/**
 * Redfish resources as the DMTF schemas define them (ServiceRoot, ComputerSystem, SessionService,
 * Session and their collections) and error bodies with Base registry messages. `prefix` is ''
 * for the root service and `/bmc/{n}` for virtual BMC n.
 */
import { systemHardwareFields } from './hardware.js';
import { BIOS_ATTRIBUTES, biosAttributes, type RedfishPowerState, type VirtualBmc } from './model.js';
import { type Session } from './sessions.js';

export const REDFISH_VERSION = '1.17.0';
const BASE_REGISTRY = 'Base.1.18';

/** A stable UUID per system, so a node's `properties` can be checked against it. */
export function systemUuid(index: number): string {
  const hex = index.toString(16).padStart(12, '0');
  return `5eb1f0c0-0000-4000-8000-${hex}`;
}

/** A stable UUID per chassis, distinct from its system's. */
export function chassisUuid(index: number): string {
  const hex = index.toString(16).padStart(12, '0');
  return `5eb1f0c0-0000-4000-9000-${hex}`;
}

/** The BIOS attribute registry every simulated BIOS names. */
export const BIOS_REGISTRY = 'BiosAttributeRegistry.v1_0_0';

/** The ETag of a BMC's ComputerSystem (it changes with every change of the system). */
export const systemEtag = (bmc: VirtualBmc): string => `"${bmc.index}-${bmc.systemVersion}"`;

export function serviceRoot(prefix: string, uuid: string, withSessions: boolean) {
  const root = {
    '@odata.type': '#ServiceRoot.v1_16_0.ServiceRoot',
    '@odata.id': `${prefix}/redfish/v1`,
    Id: 'RootService',
    Name: 'Root Service',
    RedfishVersion: REDFISH_VERSION,
    UUID: uuid,
    Vendor: 'ironledger',
    Product: 'ironledger bmc-sim',
    Systems: { '@odata.id': `${prefix}/redfish/v1/Systems` },
    Chassis: { '@odata.id': `${prefix}/redfish/v1/Chassis` },
    Managers: { '@odata.id': `${prefix}/redfish/v1/Managers` },
    Registries: { '@odata.id': `${prefix}/redfish/v1/Registries` },
    EventService: { '@odata.id': `${prefix}/redfish/v1/EventService` },
  };
  if (!withSessions) return { ...root, Links: {} };
  return {
    ...root,
    SessionService: { '@odata.id': `${prefix}/redfish/v1/SessionService` },
    Links: { Sessions: { '@odata.id': `${prefix}/redfish/v1/SessionService/Sessions` } },
  };
}

/** The Systems collection: one member at a BMC's prefix, every system at the root. */
export function systemCollection(prefix: string, first: number, last: number) {
  const members: { '@odata.id': string }[] = [];
  for (let index = first; index <= last; index++) members.push({ '@odata.id': `${prefix}/redfish/v1/Systems/${index}` });
  return {
    '@odata.type': '#ComputerSystemCollection.ComputerSystemCollection',
    '@odata.id': `${prefix}/redfish/v1/Systems`,
    Name: 'Computer System Collection',
    'Members@odata.count': members.length,
    Members: members,
  };
}

export function computerSystem(prefix: string, bmc: VirtualBmc, powerState: RedfishPowerState) {
  const id = String(bmc.index);
  const path = `${prefix}/redfish/v1/Systems/${id}`;
  const boot = {
    BootSourceOverrideTarget: bmc.bootTarget,
    'BootSourceOverrideTarget@Redfish.AllowableValues': bmc.bootTargets,
    BootSourceOverrideEnabled: bmc.bootEnabled,
    ...(bmc.bootModeProperty && { BootSourceOverrideMode: bmc.bootMode }),
  };
  return {
    '@odata.type': '#ComputerSystem.v1_20_0.ComputerSystem',
    '@odata.id': path,
    Id: id,
    Name: `System ${id}`,
    SystemType: 'Physical',
    Manufacturer: 'ironledger',
    Model: 'bmc-sim virtual server',
    SerialNumber: `SIM${id.padStart(6, '0')}`,
    UUID: systemUuid(bmc.index),
    PowerState: powerState,
    IndicatorLED: bmc.systemLed,
    Boot: boot,
    Status: { State: 'Enabled', Health: 'OK' },
    ...systemHardwareFields(path, bmc.index),
    ...(bmc.secureBoot && { SecureBoot: { '@odata.id': `${path}/SecureBoot` } }),
    ...(bmc.bios && { Bios: { '@odata.id': `${path}/Bios` } }),
    Storage: { '@odata.id': `${path}/Storage` },
    Links: { Chassis: bmc.chassis ? [{ '@odata.id': `${prefix}/redfish/v1/Chassis/${id}` }] : [], ManagedBy: [{ '@odata.id': `${prefix}/redfish/v1/Managers/${id}` }] },
    '@odata.etag': systemEtag(bmc),
    Actions: {
      '#ComputerSystem.Reset': bmc.actionInfo
        ? { target: `${path}/Actions/ComputerSystem.Reset`, '@Redfish.ActionInfo': `${path}/ResetActionInfo` }
        : { target: `${path}/Actions/ComputerSystem.Reset`, 'ResetType@Redfish.AllowableValues': bmc.resetTypes },
    },
  };
}

export function secureBootResource(prefix: string, bmc: VirtualBmc) {
  const path = `${prefix}/redfish/v1/Systems/${bmc.index}/SecureBoot`;
  return {
    '@odata.type': '#SecureBoot.v1_1_0.SecureBoot',
    '@odata.id': path,
    Id: 'SecureBoot',
    Name: 'UEFI Secure Boot',
    SecureBootEnable: bmc.secureBootEnable,
    SecureBootCurrentBoot: bmc.secureBootEnable && bmc.bootMode === 'UEFI' ? 'Enabled' : 'Disabled',
    SecureBootMode: 'UserMode',
    Actions: { '#SecureBoot.ResetKeys': { target: `${path}/Actions/SecureBoot.ResetKeys`, 'ResetKeysType@Redfish.AllowableValues': ['ResetAllKeysToDefault', 'DeleteAllKeys'] } },
  };
}

export function biosResource(prefix: string, bmc: VirtualBmc) {
  const path = `${prefix}/redfish/v1/Systems/${bmc.index}/Bios`;
  return {
    '@odata.type': '#Bios.v1_2_0.Bios',
    '@odata.id': path,
    Id: 'BIOS',
    Name: 'BIOS Configuration Current Settings',
    AttributeRegistry: BIOS_REGISTRY,
    Attributes: biosAttributes(bmc),
    '@Redfish.Settings': { '@odata.type': '#Settings.v1_3_5.Settings', SettingsObject: { '@odata.id': `${path}/Settings` }, SupportedApplyTimes: ['OnReset'] },
    Actions: { '#Bios.ResetBios': { target: `${path}/Actions/Bios.ResetBios` } },
  };
}

/** The BIOS' settings object: what the next boot applies. */
export function biosSettingsResource(prefix: string, bmc: VirtualBmc) {
  return {
    '@odata.type': '#Bios.v1_2_0.Bios',
    '@odata.id': `${prefix}/redfish/v1/Systems/${bmc.index}/Bios/Settings`,
    Id: 'Settings',
    Name: 'BIOS Configuration Pending Settings',
    AttributeRegistry: BIOS_REGISTRY,
    Attributes: bmc.biosPending ?? {},
  };
}

/** The Chassis collection: BMC n's chassis at its prefix, every chassis at the root. */
export function chassisCollection(prefix: string, bmcs: readonly VirtualBmc[]) {
  const members = bmcs.filter((bmc) => bmc.chassis).map((bmc) => ({ '@odata.id': `${prefix}/redfish/v1/Chassis/${bmc.index}` }));
  return {
    '@odata.type': '#ChassisCollection.ChassisCollection',
    '@odata.id': `${prefix}/redfish/v1/Chassis`,
    Name: 'Chassis Collection',
    'Members@odata.count': members.length,
    Members: members,
  };
}

export function chassisResource(prefix: string, bmc: VirtualBmc) {
  const id = String(bmc.index);
  return {
    '@odata.type': '#Chassis.v1_21_0.Chassis',
    '@odata.id': `${prefix}/redfish/v1/Chassis/${id}`,
    Id: id,
    Name: `Chassis ${id}`,
    ChassisType: 'RackMount',
    UUID: chassisUuid(bmc.index),
    IndicatorLED: bmc.chassisLed,
    Status: { State: 'Enabled', Health: 'OK' },
    Links: { ComputerSystems: [{ '@odata.id': `${prefix}/redfish/v1/Systems/${id}` }] },
  };
}

/** The registry files the BMC publishes: its BIOS attribute registry, when it has one. */
export function registryCollection(prefix: string, withBiosRegistry: boolean) {
  const members = withBiosRegistry ? [{ '@odata.id': `${prefix}/redfish/v1/Registries/${BIOS_REGISTRY}` }] : [];
  return {
    '@odata.type': '#MessageRegistryFileCollection.MessageRegistryFileCollection',
    '@odata.id': `${prefix}/redfish/v1/Registries`,
    Name: 'Registry File Collection',
    'Members@odata.count': members.length,
    Members: members,
  };
}

export function registryFile(prefix: string) {
  return {
    '@odata.type': '#MessageRegistryFile.v1_1_3.MessageRegistryFile',
    '@odata.id': `${prefix}/redfish/v1/Registries/${BIOS_REGISTRY}`,
    Id: BIOS_REGISTRY,
    Name: 'BIOS Attribute Registry File',
    Registry: BIOS_REGISTRY,
    Languages: ['en'],
    Location: [{ Language: 'en', Uri: `${prefix}/redfish/v1/Registries/${BIOS_REGISTRY}/${BIOS_REGISTRY}.json` }],
  };
}

export function biosRegistry(prefix: string) {
  return {
    '@odata.type': '#AttributeRegistry.v1_3_6.AttributeRegistry',
    '@odata.id': `${prefix}/redfish/v1/Registries/${BIOS_REGISTRY}/${BIOS_REGISTRY}.json`,
    Id: BIOS_REGISTRY,
    Name: 'BIOS Attribute Registry',
    Language: 'en',
    RegistryVersion: '1.0.0',
    OwningEntity: 'ironledger',
    RegistryEntries: { Attributes: BIOS_ATTRIBUTES.map(({ DefaultValue: _default, ...entry }) => ({ ...entry, DisplayName: entry.AttributeName })) },
  };
}

/** The ActionInfo of the reset action, for BMCs that do not list reset types inline. */
export function resetActionInfo(prefix: string, bmc: VirtualBmc) {
  return {
    '@odata.type': '#ActionInfo.v1_3_0.ActionInfo',
    '@odata.id': `${prefix}/redfish/v1/Systems/${bmc.index}/ResetActionInfo`,
    Id: 'ResetActionInfo',
    Name: 'Reset Action Info',
    Parameters: [{ Name: 'ResetType', Required: true, DataType: 'String', AllowableValues: bmc.resetTypes }],
  };
}

export function sessionService(prefix: string, timeoutSeconds: number) {
  return {
    '@odata.type': '#SessionService.v1_1_8.SessionService',
    '@odata.id': `${prefix}/redfish/v1/SessionService`,
    Id: 'SessionService',
    Name: 'Session Service',
    ServiceEnabled: true,
    SessionTimeout: timeoutSeconds,
    Status: { State: 'Enabled', Health: 'OK' },
    Sessions: { '@odata.id': `${prefix}/redfish/v1/SessionService/Sessions` },
  };
}

export function sessionCollection(prefix: string, sessions: readonly Session[]) {
  return {
    '@odata.type': '#SessionCollection.SessionCollection',
    '@odata.id': `${prefix}/redfish/v1/SessionService/Sessions`,
    Name: 'Session Collection',
    'Members@odata.count': sessions.length,
    Members: sessions.map((session) => ({ '@odata.id': sessionPath(prefix, session) })),
  };
}

export function sessionPath(prefix: string, session: Session): string {
  return `${prefix}/redfish/v1/SessionService/Sessions/${session.id}`;
}

export function sessionResource(prefix: string, session: Session) {
  return {
    '@odata.type': '#Session.v1_6_0.Session',
    '@odata.id': sessionPath(prefix, session),
    Id: session.id,
    Name: 'User Session',
    UserName: session.username,
  };
}

/** Base registry messages the simulator answers with: message template and severity. */
const MESSAGES = {
  ActionParameterValueNotInList: ["The value '%1' for the parameter %2 in the action %3 is not in the list of acceptable values.", 'Warning', 'Choose a value from the enumeration list that the implementation can support and resubmit the request.'],
  ActionParameterUnknown: ['The action %1 was submitted with the invalid parameter %2.', 'Warning', 'Correct the invalid parameter and resubmit the request if the operation failed.'],
  ActionParameterValueTypeError: ["The value '%1' for the parameter %2 in the action %3 is of a different type than the parameter can accept.", 'Warning', 'Correct the value for the parameter in the request body and resubmit the request if the operation failed.'],
  ResourceInUse: ['The change to the requested resource failed because the resource is in use or in transition.', 'Warning', 'Remove the condition and resubmit the request if the operation failed.'],
  ActionParameterMissing: ['The action %1 requires the parameter %2 to be present in the request body.', 'Critical', 'Supply the action with the required parameter in the request body.'],
  MalformedJSON: ['The request body submitted was malformed JSON and could not be parsed by the receiving service.', 'Critical', 'Ensure that the request body is valid JSON and resubmit the request.'],
  PropertyMissing: ['The property %1 is a required property and must be included in the request.', 'Warning', 'Ensure that the property is in the request body and has a valid value and resubmit the request.'],
  ResourceMissingAtURI: ['The resource at the URI %1 was not found.', 'Critical', 'Place a valid resource at the URI or correct the URI and resubmit the request.'],
  NoValidSession: ['There is no valid session established with the implementation.', 'Critical', 'Establish a session before attempting any operations.'],
  InternalError: ['The request failed due to an internal service error.  The service is still operational.', 'Critical', 'Resubmit the request.  If the problem persists, consider resetting the service.'],
  ServiceTemporarilyUnavailable: ['The service is temporarily unavailable.  Retry in %1 seconds.', 'Critical', 'Wait for the indicated retry duration and retry the operation.'],
  GeneralError: ['A general error has occurred.  See Resolution for information on how to resolve the error.', 'Critical', 'None.'],
  PropertyUnknown: ['The property %1 is not in the list of valid properties for the resource.', 'Warning', 'Remove the unknown property from the request body and resubmit the request if the operation failed.'],
  PropertyNotWritable: ['The property %1 is a read only property and cannot be assigned a value.', 'Warning', 'Remove the property from the request body and resubmit the request if the operation failed.'],
  PropertyValueNotInList: ["The value '%1' for the property %2 is not in the list of acceptable values.", 'Warning', 'Choose a value from the enumeration list that the implementation can support and resubmit the request if the operation failed.'],
  PropertyValueFormatError: ["The value '%1' for the property %2 is of a different format than the property can accept.", 'Warning', 'Correct the value for the property in the request body and resubmit the request if the operation failed.'],
  PropertyValueTypeError: ["The value '%1' for the property %2 is of a different type than the property can accept.", 'Warning', 'Correct the value for the property in the request body and resubmit the request if the operation failed.'],
  PropertyValueOutOfRange: ["The value '%1' for the property %2 is not in the supported range of acceptable values.", 'Warning', 'Correct the value for the property in the request body and resubmit the request if the operation failed.'],
  ActionNotSupported: ['The action %1 is not supported by the resource.', 'Critical', 'The action supplied cannot be resubmitted to the implementation.  Perhaps the action was invalid, the wrong resource was the target or the implementation documentation may be of assistance.'],
  PreconditionFailed: ['The ETag supplied did not match the ETag required to change this resource.', 'Critical', 'Try the operation again using the appropriate ETag.'],
} as const satisfies Record<string, readonly [string, string, string]>;
export type MessageKey = keyof typeof MESSAGES;

/** A Redfish error body: `error.code` names the message, `@Message.ExtendedInfo` carries it. */
export function redfishError(key: MessageKey, ...args: string[]) {
  const [template, severity, resolution] = MESSAGES[key];
  const message = args.reduce((text, arg, i) => text.replace(`%${i + 1}`, arg), template as string);
  const messageId = `${BASE_REGISTRY}.${key}`;
  return {
    error: {
      code: messageId,
      message,
      '@Message.ExtendedInfo': [{ '@odata.type': '#Message.v1_1_1.Message', MessageId: messageId, Message: message, MessageArgs: args, MessageSeverity: severity, Resolution: resolution }],
    },
  };
}

/** The error an injected failure status answers with. */
export function injectedError(status: number) {
  if (status === 503) return redfishError('ServiceTemporarilyUnavailable', '5');
  if (status >= 500) return redfishError('InternalError');
  return redfishError('GeneralError');
}

export function resetTypeNotAllowed(value: string) {
  return redfishError('ActionParameterValueNotInList', value, 'ResetType', 'ComputerSystem.Reset');
}
