/** Time as the services see it: injectable so tests can move it (fake timers do not move KV). */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
