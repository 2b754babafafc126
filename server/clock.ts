/** Time, injected so tests move it instead of sleeping. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export interface TestClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function createTestClock(start = Date.now()): TestClock {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/**
 * The system clock moved by an offset (issue 39): `auth server start --clock-offset 8d` runs a
 * server ahead of (or behind) real time, so a 7-day ban lapses or an invitation expires without
 * waiting; `auth dev clock advance` moves a running development server's clock further, and the
 * seeder steps back to write an invitation that has already expired.
 */
export interface ShiftedClock extends Clock {
  /** Milliseconds ahead of real time (negative: behind). */
  offset(): number;
  advance(ms: number): void;
}

export function createShiftedClock(offsetMs: number, base: Clock = systemClock): ShiftedClock {
  let offset = offsetMs;
  return {
    now: () => base.now() + offset,
    offset: () => offset,
    advance(ms) {
      offset += ms;
    },
  };
}

/** How far a clock runs from real time: 0 for the system clock and test clocks. */
export function clockOffsetOf(clock: Clock): number {
  const offset = (clock as Partial<ShiftedClock>).offset;
  return typeof offset === "function" ? offset.call(clock) : 0;
}

