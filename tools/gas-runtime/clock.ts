/**
 * The runtime's notion of time. Simulated time moves only when something advances it
 * (Utilities.sleep, a fetch, a sheet call, a test calling advance), so a test of a
 * six-minute job takes milliseconds and always sees the same instants.
 */
export interface RuntimeClock {
  readonly simulated: boolean;
  now(): number;
  /** Simulated: moves time forward. Real: blocks the thread for that long. */
  advance(ms: number): void;
}

export interface SimulatedClock extends RuntimeClock {
  readonly simulated: true;
  /** Jumps to an instant; refuses to go back in time. */
  set(epochMs: number): void;
}

/** Monday 2026-11-23 12:00:00 UTC (09:00 in São Paulo). */
export const DEFAULT_START_TIME = Date.UTC(2026, 10, 23, 12, 0, 0);

function checkMs(ms: number, what: string): void {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new Error(`${what} must be a finite number of milliseconds >= 0, got ${String(ms)}.`);
  }
}

export function createSimulatedClock(start: number | Date = DEFAULT_START_TIME): SimulatedClock {
  let now = typeof start === 'number' ? start : start.getTime();
  checkMs(now, 'createSimulatedClock(start)');
  return {
    simulated: true,
    now: () => now,
    advance(ms: number) {
      checkMs(ms, 'clock.advance(ms)');
      now += ms;
    },
    set(epochMs: number) {
      checkMs(epochMs, 'clock.set(epochMs)');
      if (epochMs < now) {
        throw new Error(
          `clock.set(${epochMs}) would go back in time (now is ${now}); simulated time only moves forward.`,
        );
      }
      now = epochMs;
    },
  };
}

export function createRealClock(): RuntimeClock {
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  return {
    simulated: false,
    now: () => Date.now(),
    advance(ms: number) {
      checkMs(ms, 'clock.advance(ms)');
      if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
    },
  };
}

export function isRuntimeClock(value: unknown): value is RuntimeClock {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as RuntimeClock).now === 'function' &&
    typeof (value as RuntimeClock).advance === 'function'
  );
}
