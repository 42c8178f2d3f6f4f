/** Test ids of the up/down options page, for component and browser tests. */
export const OptionsTestId = {
  products: 'option-products',
  row: (symbol: string) => `option-product-${symbol}`,
  periods: (symbol: string) => `option-periods-${symbol}`,
  limits: (symbol: string) => `option-limits-${symbol}`,
  edit: (symbol: string) => `option-edit-${symbol}`,
  create: 'option-create',
  dialog: 'dialog-option-product',
  field: (name: string) => `option-${name}`,
  open: 'option-open',
  period: (index: number, name: string) => `option-period-${index}-${name}`,
  addPeriod: 'option-add-period',
  removePeriod: (index: number) => `option-remove-period-${index}`,
  formError: 'option-form-error',
  exposure: 'option-exposure',
  poolBalance: 'option-pool-balance',
  round: (productId: string, periodSeconds: number, periodNumber: number) =>
    `option-round-${productId}-${periodSeconds}-${periodNumber}`,
} as const;
