/** Test ids of the mission hall's page, for component and browser tests. */
export const MissionsTestId = {
  tasks: 'missions-tasks',
  row: (id: string) => `mission-${id}`,
  cell: (id: string, name: string) => `mission-${id}-${name}`,
  create: 'mission-create',
  edit: (id: string) => `mission-edit-${id}`,
  dialog: 'dialog-mission',
  field: (name: string) => `mission-field-${name}`,
  reading: (name: string) => `mission-reading-${name}`,
  formError: 'mission-form-error',
  rewardsPaid: 'missions-rewards-paid',
  rewardPaid: (asset: string) => `missions-paid-${asset}`,
} as const;
