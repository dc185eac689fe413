import { type EventStore, JetStreamEventStore, KurrentDbEventStore } from '@ironledger/event-store';
import { type ConductorConfig } from './config.js';

export function openEventStore(config: ConductorConfig): Promise<EventStore> {
  return config.eventStore === 'kurrentdb'
    ? KurrentDbEventStore.connect(config.kurrentDbUrl!)
    : JetStreamEventStore.connect({ servers: config.natsUrl, stream: config.jetStreamStream, subjectPrefix: config.jetStreamSubjectPrefix });
}
