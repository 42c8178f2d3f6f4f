/** Test ids of the perpetuals page, for component and browser tests. */
export const PerpetualsTestId = {
  row: (symbol: string) => `perpetual-${symbol}`,
  mark: (symbol: string) => `perpetual-mark-${symbol}`,
  funding: (symbol: string) => `perpetual-funding-${symbol}`,
  edit: (symbol: string) => `perpetual-edit-${symbol}`,
  dialog: 'dialog-perpetual',
  field: (name: string) => `perpetual-${name}`,
  open: 'perpetual-open',
  marketMaker: 'perpetual-market-maker',
  bracket: (index: number, name: string) => `perpetual-bracket-${index}-${name}`,
  addBracket: 'perpetual-add-bracket',
  removeBracket: (index: number) => `perpetual-remove-bracket-${index}`,
} as const;
