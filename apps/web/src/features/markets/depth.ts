import type { DepthSnapshot, PublicTrade } from '@kestrel/contract';

/** The newer of the REST snapshot and the live one (by the book's version). */
export function newerDepth(
  rest: DepthSnapshot | undefined,
  live: DepthSnapshot | undefined,
  symbol: string,
): DepthSnapshot | undefined {
  const candidates = [rest, live].filter(
    (snapshot): snapshot is DepthSnapshot => snapshot !== undefined && snapshot.symbol === symbol,
  );
  return candidates.sort((a, b) => b.version - a.version)[0];
}

/** Trade ids are increasing integers as strings: a longer id is a later one. */
function compareIds(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Keeps the newest `limit` trades, newest first, each once. */
export function mergeTrades(
  existing: readonly PublicTrade[],
  incoming: readonly PublicTrade[],
  limit: number,
) {
  const byId = new Map<string, PublicTrade>();
  for (const trade of existing) byId.set(trade.id, trade);
  for (const trade of incoming) byId.set(trade.id, trade);
  return [...byId.values()].sort((a, b) => b.time - a.time || compareIds(b.id, a.id)).slice(0, limit);
}
