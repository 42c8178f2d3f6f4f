/** Test ids of the markets page, for browser journeys. */
export const MarketsTestId = {
  row: (symbol: string) => `market-${symbol}`,
  price: (symbol: string) => `market-price-${symbol}`,
  open: (symbol: string) => `market-open-${symbol}`,
  maker: (symbol: string) => `market-maker-${symbol}`,
  edit: (symbol: string) => `market-edit-${symbol}`,
  dialog: 'dialog-market',
  tickSize: 'market-tick-size',
  lotSize: 'market-lot-size',
  minNotional: 'market-min-notional',
  makerFee: 'market-maker-fee',
  takerFee: 'market-taker-fee',
} as const;
