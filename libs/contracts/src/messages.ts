import { type DomainErrorType, type Node, type NodeCommand, type NodeEvent } from '@ironledger/domain';

/** Why a command was not carried out: a domain refusal, or trouble on the way. */
export type CommandErrorType = DomainErrorType | 'invalid_command' | 'unavailable' | 'internal';

export interface CommandError {
  readonly type: CommandErrorType;
  readonly message: string;
}

/** The conductor's answer to a command. */
export type CommandReply =
  | {
      readonly ok: true;
      /** Events appended (empty when the command changed nothing). */
      readonly events: NodeEvent[];
      /** Global position of the last appended event (or of the node's last event): read-your-writes waits for it. */
      readonly position: number;
      /** The node after the command. */
      readonly node: Node | null;
    }
  | { readonly ok: false; readonly error: CommandError };

export type CommandRequest = NodeCommand;
