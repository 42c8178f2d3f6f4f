/** Test ids of the demo accounts page, for component and browser tests. */
export const DemoTestId = {
  accounts: 'demo-accounts',
  orders: 'demo-orders',
  settings: 'demo-settings',
  fact: (name: string) => `demo-fact-${name}`,
} as const;
