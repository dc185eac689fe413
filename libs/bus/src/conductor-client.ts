import { randomUUID } from 'node:crypto';
import { type BusSubjects, type CommandError, type CommandReply, type CommandRequest, conductorOwnSubject, type HardwareQuery, type QueryReply } from '@ironledger/contracts';
import { type Node, type NodeEvent } from '@ironledger/domain';
import { type NatsConnection } from '@nats-io/transport-node';
import { InboxRequests, NoResponders, RequestTimeout } from './inbox-requests.js';

export interface ConductorClientOptions {
  readonly subjects: BusSubjects;
  /** How long to wait for a conductor's reply. */
  readonly timeoutMs: number;
  /** The conductor owning what a message goes to, when the sender knows it: the message goes to that conductor's own subject. */
  readonly ownerOf?: (message: CommandRequest | HardwareQuery) => string | undefined;
}

/**
 * Sends node commands to the conductor owning their node (`ownerOf`), or to the conductors'
 * queue group when no owner is known or the owner has no subscription any more (it stopped, and
 * the rings do not know yet): one conductor answers each. Requests go
 * through one shared reply subscription (`InboxRequests`), in the envelope NestJS's NATS
 * transport reads and writes (`{pattern, data, id}` → `{response | err, isDisposed, id}`; a
 * conductor answers a command in one message). Trouble on the way is a reply too, of type
 * `unavailable`, never an exception. Whether a conductor is there is the bus's to say (no
 * responders), not the liveness roster's: a conductor too busy to heartbeat on time still answers.
 */
export class ConductorClient {
  private readonly requests: InboxRequests;

  constructor(
    nats: NatsConnection,
    private readonly options: ConductorClientOptions,
  ) {
    this.requests = new InboxRequests(nats);
  }

  /** The reply to `command`; `S` and `E` are the state and events of the resource it goes to. */
  send<S = Node, E = NodeEvent>(command: CommandRequest): Promise<CommandReply<S, E>> {
    return this.request<CommandReply<S, E>>(command);
  }

  /** A conductor's answer to a question about a node's hardware (`R`: the answer). */
  query<R>(query: HardwareQuery): Promise<QueryReply<R>> {
    return this.request<QueryReply<R>>(query);
  }

  private async request<T>(message: CommandRequest | HardwareQuery): Promise<T | Failed> {
    const { subjects, timeoutMs, ownerOf } = this.options;
    const owner = ownerOf?.(message);
    const ask = (subject: string) => this.requests.request(subject, JSON.stringify({ pattern: subject, id: randomUUID(), data: message }), { timeoutMs });
    let body: { response?: T; err?: unknown };
    try {
      // No responders means nobody got the message: the queue group may have it without doing anything twice.
      const reply = owner === undefined ? await ask(subjects.conductorCommand) : await ask(conductorOwnSubject(subjects, owner)).catch((error: unknown) => {
        if (error instanceof NoResponders) return ask(subjects.conductorCommand);
        throw error;
      });
      body = JSON.parse(reply.string());
    } catch (error) {
      if (error instanceof RequestTimeout) return unavailable(`No conductor answered within ${timeoutMs} ms; the request may or may not have been carried out.`);
      if (error instanceof NoResponders) return unavailable('No conductor is alive to carry out the request.');
      return unavailable(`The conductors could not be reached: ${(error as Error).message}`);
    }
    return body.response ?? { ok: false, error: { type: 'internal', message: `Conductor error: ${JSON.stringify(body.err)}` } };
  }

  close(): void {
    this.requests.close();
  }
}

/** A request that reached no conductor's decision. */
interface Failed {
  readonly ok: false;
  readonly error: CommandError;
}

const unavailable = (message: string): Failed => ({ ok: false, error: { type: 'unavailable', message } });
