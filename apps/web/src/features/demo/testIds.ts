/** Test ids of demo accounts' band, sheet, notice and entries, for component and browser tests. */
export const DemoTestId = {
  band: 'demo-band',
  sheet: 'demo-sheet',
  startingBalance: 'demo-starting-balance',
  reset: 'demo-reset',
  resetDialog: 'demo-reset-dialog',
  toReal: 'demo-to-real',
  toRegister: 'demo-to-register',
  blocked: 'demo-blocked',
  tryDemo: 'demo-try',
  mineEntry: 'mine-demo',
  virtual: 'demo-virtual',
} as const;
