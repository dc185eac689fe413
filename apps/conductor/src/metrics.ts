import { Counter, Histogram, type Registry } from 'prom-client';

/** What the conductor counts, for Prometheus. */
export class ConductorMetrics {
  readonly commands: Counter<'type' | 'result'>;
  readonly work: Histogram<'state' | 'outcome'>;

  constructor(registry: Registry) {
    this.commands = new Counter({ name: 'ironledger_conductor_commands_total', help: 'Node commands handled, by command type and result (ok or the error type).', labelNames: ['type', 'result'], registers: [registry] });
    this.work = new Histogram({
      name: 'ironledger_conductor_work_seconds',
      help: 'Driver work behind a transient state (or a power action), by state and outcome.',
      labelNames: ['state', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers: [registry],
    });
  }
}
