import { type FastifyReply } from 'fastify';

/** Requests held by hanging BMCs, per BMC, each answered when the fault is cleared. */
export class HeldRequests {
  private readonly byBmc = new Map<number, (() => void)[]>();

  /** Holds a request to BMC `index`; `resume` answers it once the BMC is released. */
  hold(index: number, reply: FastifyReply, resume: () => void): void {
    let list = this.byBmc.get(index);
    if (!list) this.byBmc.set(index, (list = []));
    list.push(resume);
    // The client may give up first; forget the request then.
    reply.raw.once('close', () => {
      const current = this.byBmc.get(index);
      const at = current?.indexOf(resume) ?? -1;
      if (at >= 0) current!.splice(at, 1);
      if (current?.length === 0) this.byBmc.delete(index);
    });
  }

  /** Resumes every request BMC `index` holds. */
  release(index: number): void {
    const list = this.byBmc.get(index);
    if (!list) return;
    this.byBmc.delete(index);
    for (const resume of list) resume();
  }

  count(index: number): number {
    return this.byBmc.get(index)?.length ?? 0;
  }

  get total(): number {
    let total = 0;
    for (const list of this.byBmc.values()) total += list.length;
    return total;
  }

  clear(): void {
    this.byBmc.clear();
  }
}
