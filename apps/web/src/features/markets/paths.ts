import { MARKET_DETAIL_PATH, SPOT_TRADING_PATH } from '../../app/paths';

/** Where the market screens lead (spec §2): a market's addresses, and the market an address names. */
export const DEFAULT_SYMBOL = 'BTCUSDT';

export function detailPath(symbol: string): string {
  return `${MARKET_DETAIL_PATH}?symbol=${encodeURIComponent(symbol)}`;
}

export function spotTradingPath(symbol: string, side: 'buy' | 'sell'): string {
  return `${SPOT_TRADING_PATH}?symbol=${encodeURIComponent(symbol)}&side=${side}`;
}

/** The market named in a screen's address ("?symbol=ethusdt" → ETHUSDT), or the default one. */
export function symbolOf(search: URLSearchParams): string {
  return (search.get('symbol') ?? DEFAULT_SYMBOL).trim().toUpperCase() || DEFAULT_SYMBOL;
}
