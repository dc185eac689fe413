/** What a node event says to an operator, in a few words, and why something failed when it did. */

export interface EventText {
  readonly summary: string;
  /** The failure the event records (`last_error`, a driver's error), if any. */
  readonly error: string | null;
}

type Data = Readonly<Record<string, unknown>>;

const text = (value: unknown, none = 'none'): string => (value === null || value === undefined || value === '' ? none : String(value));

/** The summary of the events operators meet most; others are named by their type alone. */
const SUMMARIES: Readonly<Record<string, (data: Data) => string>> = {
  NodeRegistered: (data) => `enrolled${data.name ? ` as ${text(data.name)}` : ''} with ${text(data.driver)}`,
  NodeUpdated: (data) => `changed ${Object.keys((data.changes as Data | undefined) ?? {}).join(', ') || 'nothing'}`,
  NodeDeleted: (data) => `deleted in ${text(data.provision_state)}`,
  ProvisionStateChanged: (data) => `${text(data.verb ?? data.event)}: ${text(data.from)} → ${text(data.to)}`,
  PowerActionStarted: (data) => `${text(data.requested)} requested`,
  PowerStateChanged: (data) => `${text(data.from, 'unknown')} → ${text(data.to)}`,
  PowerActionFailed: (data) => `${text(data.requested)} failed`,
  PowerStateCorrected: (data) => `the BMC says ${text(data.to, 'unknown')} (recorded: ${text(data.from, 'unknown')})`,
  PowerStateRestored: (data) => `${text(data.found, 'unknown')} found, ${text(data.restored, 'unknown')} restored`,
  PowerSyncFailed: (data) => `power sync failed ${text(data.failures)} time(s) in a row`,
  PowerSyncRecovered: (data) => `power sync recovered after ${text(data.failures)} failure(s)`,
  MaintenanceSet: (data) => `maintenance on${data.reason ? `: ${text(data.reason)}` : ''}${data.fault ? ` (fault: ${text(data.fault)})` : ''}`,
  MaintenanceCleared: (data) => `maintenance off${data.fault ? ` (fault ${text(data.fault)} cleared)` : ''}`,
};

export function eventText(type: string, data: Data): EventText {
  const failure = data.last_error ?? data.error;
  return { summary: SUMMARIES[type]?.(data) ?? '', error: typeof failure === 'string' && failure !== '' ? failure : null };
}
