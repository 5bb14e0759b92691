/**
 * The clock port. Everything that reads "now" goes through it so tests can move time
 * (a post due in 61 s, a month boundary) without sleeping.
 */
export interface Clock {
  now(): Date;
}

const systemClock: Clock = { now: () => new Date() };
let current: Clock = systemClock;

export const clock: Clock = { now: () => current.now() };

/** Replaces the clock (tests); call with no argument to go back to the system clock. */
export function useClock(replacement: Clock = systemClock): void {
  current = replacement;
}

/** A clock that stands still until moved: handy in tests. */
export function fixedClock(start: Date): Clock & { advance(ms: number): void; set(date: Date): void } {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance: (ms) => void (time += ms),
    set: (date) => void (time = date.getTime()),
  };
}

/** Clock offset from real time: timers still run, "now" is shifted, and can be moved on (local end-to-end tests). */
export function offsetClock(offsetMs = 0): Clock & { advance(ms: number): void } {
  let offset = offsetMs;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}
