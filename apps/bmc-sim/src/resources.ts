/**
 * Redfish resources as the DMTF schemas define them (ServiceRoot, ComputerSystem, SessionService,
 * Session and their collections) and error bodies with Base registry messages. `prefix` is ''
 * for the root service and `/bmc/{n}` for virtual BMC n.
 */
import { type RedfishPowerState, type VirtualBmc } from './model.js';
import { type Session } from './sessions.js';

export const REDFISH_VERSION = '1.17.0';
const BASE_REGISTRY = 'Base.1.18';

/** A stable UUID per system, so a node's `properties` can be checked against it. */
export function systemUuid(index: number): string {
  const hex = index.toString(16).padStart(12, '0');
  return `5eb1f0c0-0000-4000-8000-${hex}`;
}

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
    Status: { State: 'Enabled', Health: 'OK' },
    ProcessorSummary: { Count: 2, LogicalProcessorCount: 64, Model: 'Virtual CPU', Status: { State: 'Enabled', Health: 'OK' } },
    MemorySummary: { TotalSystemMemoryGiB: 256, Status: { State: 'Enabled', Health: 'OK' } },
    Actions: {
      '#ComputerSystem.Reset': bmc.actionInfo
        ? { target: `${path}/Actions/ComputerSystem.Reset`, '@Redfish.ActionInfo': `${path}/ResetActionInfo` }
        : { target: `${path}/Actions/ComputerSystem.Reset`, 'ResetType@Redfish.AllowableValues': bmc.resetTypes },
    },
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
  ActionParameterMissing: ['The action %1 requires the parameter %2 to be present in the request body.', 'Critical', 'Supply the action with the required parameter in the request body.'],
  MalformedJSON: ['The request body submitted was malformed JSON and could not be parsed by the receiving service.', 'Critical', 'Ensure that the request body is valid JSON and resubmit the request.'],
  PropertyMissing: ['The property %1 is a required property and must be included in the request.', 'Warning', 'Ensure that the property is in the request body and has a valid value and resubmit the request.'],
  ResourceMissingAtURI: ['The resource at the URI %1 was not found.', 'Critical', 'Place a valid resource at the URI or correct the URI and resubmit the request.'],
  NoValidSession: ['There is no valid session established with the implementation.', 'Critical', 'Establish a session before attempting any operations.'],
  InternalError: ['The request failed due to an internal service error.  The service is still operational.', 'Critical', 'Resubmit the request.  If the problem persists, consider resetting the service.'],
  ServiceTemporarilyUnavailable: ['The service is temporarily unavailable.  Retry in %1 seconds.', 'Critical', 'Wait for the indicated retry duration and retry the operation.'],
  GeneralError: ['A general error has occurred.  See Resolution for information on how to resolve the error.', 'Critical', 'None.'],
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
