import { type EventStore, JetStreamEventStore } from '@ironledger/event-store';
import { type ConductorConfig } from './config.js';

export async function openEventStore(config: ConductorConfig): Promise<EventStore> {
  if (config.eventStore === 'kurrentdb') {
    // Loaded only when configured: the KurrentDB client brings gRPC and a native addon.
    const { KurrentDbEventStore } = await import('@ironledger/event-store/kurrentdb');
    return KurrentDbEventStore.connect(config.kurrentDbUrl!);
  }
  return JetStreamEventStore.connect({ servers: config.natsUrl, stream: config.jetStreamStream, subjectPrefix: config.jetStreamSubjectPrefix });
}
