// What the lanes in front of Fastify (the click redirect, the postback) tell the metrics. A lane is
// given a meter only when metrics are on (METRICS_PORT); without one it counts nothing at all.

export interface LaneMeter {
  /** A click the click lane answered: kept (302) or not (503), `seconds` after its tick's first click. */
  clickAnswered(kept: boolean, seconds: number): void;
  /** A postback the postback lane answered: its status, its result (undefined for a 500), its time. */
  postbackAnswered(status: number, result: string | undefined, seconds: number): void;
}
