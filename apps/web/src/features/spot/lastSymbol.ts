/** The market the user last traded, so the Trade tab opens where they left off. */
const KEY = 'spot.lastSymbol';
export const DEFAULT_SYMBOL = 'BTCUSDT';
const SYMBOL = /^[A-Z0-9]{2,12}USDT$/;

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLastSymbol(): string {
  const stored = store()?.getItem(KEY) ?? '';
  return SYMBOL.test(stored) ? stored : DEFAULT_SYMBOL;
}

export function rememberSymbol(symbol: string): void {
  if (SYMBOL.test(symbol)) store()?.setItem(KEY, symbol);
}

/** A symbol from the address bar, upper-cased; the default when it is missing or malformed. */
export function symbolFrom(text: string | null): string {
  const symbol = (text ?? '').trim().toUpperCase();
  return SYMBOL.test(symbol) ? symbol : DEFAULT_SYMBOL;
}
