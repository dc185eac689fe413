import { DriverRefusal, type HardwareType } from '@ironledger/drivers';
import { Counter, Histogram, type Registry } from 'prom-client';
import { type StepReport } from './step-times.js';

/** The BMC interfaces of a hardware type whose calls are timed and whose failures are counted. */
const BMC_INTERFACES = ['power', 'management', 'bios'] as const;

/** What the conductor counts, for Prometheus. */
export class ConductorMetrics {
  readonly commands: Counter<'type' | 'result'>;
  readonly work: Histogram<'state' | 'outcome'>;
  private readonly steps: Counter<'kind' | 'step' | 'result'>;
  private readonly stepSeconds: Histogram<'kind' | 'step' | 'result'>;
  private readonly bmcSeconds: Histogram<'driver' | 'call'>;
  private readonly bmcErrors: Counter<'driver' | 'call' | 'kind'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.commands = new Counter({ name: 'ironledger_conductor_commands_total', help: 'Node commands handled, by command type and result (ok or the error type).', labelNames: ['type', 'result'], registers });
    this.work = new Histogram({
      name: 'ironledger_conductor_work_seconds',
      help: 'Driver work behind a transient state (or a power action), by state and outcome (succeeded, waiting, failed).',
      labelNames: ['state', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
      registers,
    });
    this.steps = new Counter({
      name: 'ironledger_conductor_steps_total',
      help: 'Clean and deploy steps this conductor saw start, succeed or fail, by kind, step (interface.step) and result.',
      labelNames: ['kind', 'step', 'result'],
      registers,
    });
    this.stepSeconds = new Histogram({
      name: 'ironledger_conductor_step_duration_seconds',
      help: 'Clean and deploy steps that ended, from the start of the work that started them to the end of the work that saw them end, by kind, step and result (succeeded, failed).',
      labelNames: ['kind', 'step', 'result'],
      buckets: [0.1, 1, 5, 30, 60, 300, 900, 1800, 3600],
      registers,
    });
    this.bmcSeconds = new Histogram({
      name: 'ironledger_conductor_bmc_call_duration_seconds',
      help: 'Calls of BMCs through the power, management and BIOS interfaces, failed ones included, by driver and call.',
      labelNames: ['driver', 'call'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.bmcErrors = new Counter({
      name: 'ironledger_conductor_bmc_call_errors_total',
      help: "Calls of BMCs that failed, by driver, call and kind (the driver error's: timeout, unreachable, auth, server, rejected, …; `other` when it names none); refusals before the BMC is reached are not counted.",
      labelNames: ['driver', 'call', 'kind'],
      registers,
    });
  }

  /** Counts the steps a piece of work reported, and times those that ended. */
  observeSteps(reports: readonly StepReport[]): void {
    for (const { kind, step, result, seconds } of reports) {
      this.steps.inc({ kind, step, result });
      if (seconds !== undefined) this.stepSeconds.observe({ kind, step, result }, seconds);
    }
  }

  /** `hardware` with its BMC calls (power, management, BIOS) timed and their failures counted. */
  measured(hardware: HardwareType): HardwareType {
    const driver = hardware.name;
    const wrap = <T extends object>(target: T): T => {
      const calls = new Map<PropertyKey, unknown>();
      return new Proxy(target, {
        get: (object, property, receiver) => {
          const value: unknown = Reflect.get(object, property, receiver);
          if (typeof value !== 'function' || typeof property !== 'string') return value;
          if (!calls.has(property)) calls.set(property, (...args: unknown[]) => this.timed(driver, property, () => (value as (...a: unknown[]) => unknown).apply(object, args)));
          return calls.get(property);
        },
      });
    };
    const interfaces = Object.fromEntries(BMC_INTERFACES.filter((name) => hardware[name]).map((name) => [name, wrap(hardware[name]!)]));
    return new Proxy(hardware, { get: (object, property, receiver) => (property in interfaces ? interfaces[property as string] : Reflect.get(object, property, receiver)) });
  }

  /** Runs one call; a promise it returns is timed, and counted when it fails. Synchronous answers (validation) pass as they are. */
  private timed(driver: string, call: string, run: () => unknown): unknown {
    const started = performance.now();
    const result = run();
    if (!(result instanceof Promise)) return result;
    return result.then(
      (value: unknown) => {
        this.bmcSeconds.observe({ driver, call }, (performance.now() - started) / 1000);
        return value;
      },
      (error: unknown) => {
        if (!(error instanceof DriverRefusal)) {
          this.bmcSeconds.observe({ driver, call }, (performance.now() - started) / 1000);
          const kind = (error as { kind?: unknown }).kind;
          this.bmcErrors.inc({ driver, call, kind: typeof kind === 'string' ? kind : 'other' });
        }
        throw error;
      },
    );
  }
}
