/*
 * Rounds of a timed up/down period. Round n of a period of s seconds runs from n × s to (n + 1) × s seconds after
 * the Unix epoch, so every node, the app and an auditor number the same round the same way from the clock alone.
 * Buying for a round closes `buyCutoffSeconds` before its close; from then on the next round is the one on sale.
 */

export type Round = {
  readonly periodSeconds: number;
  readonly periodNumber: number;
  readonly openTime: Date;
  readonly closeTime: Date;
  readonly buyCutoffTime: Date;
};

/** Round `periodNumber` of a period of `periodSeconds`, with buying closing `buyCutoffSeconds` before its close. */
export function roundOf(periodSeconds: number, periodNumber: number, buyCutoffSeconds: number): Round {
  const openMs = periodNumber * periodSeconds * 1000;
  const closeMs = openMs + periodSeconds * 1000;
  return {
    periodSeconds,
    periodNumber,
    openTime: new Date(openMs),
    closeTime: new Date(closeMs),
    buyCutoffTime: new Date(closeMs - buyCutoffSeconds * 1000),
  };
}

/** The round `at` falls in. */
export function roundAt(at: Date, periodSeconds: number, buyCutoffSeconds: number): Round {
  return roundOf(periodSeconds, Math.floor(at.getTime() / (periodSeconds * 1000)), buyCutoffSeconds);
}

/** The round an order accepted at `at` buys into: the current one until its cutoff, the next one from then on. */
export function roundOnSale(at: Date, periodSeconds: number, buyCutoffSeconds: number): Round {
  const current = roundAt(at, periodSeconds, buyCutoffSeconds);
  return at.getTime() < current.buyCutoffTime.getTime()
    ? current
    : roundOf(periodSeconds, current.periodNumber + 1, buyCutoffSeconds);
}

/** Whether buying for `round` is still open at `at`. */
export function onSale(round: Round, at: Date): boolean {
  return at.getTime() < round.buyCutoffTime.getTime();
}
