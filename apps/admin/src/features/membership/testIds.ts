/** Test ids of the membership page, for component and browser tests. */
export const MembershipTestId = {
  levels: 'membership-levels',
  level: (level: number) => `membership-level-${level}`,
  cell: (level: number, name: string) => `membership-level-${level}-${name}`,
  fact: (name: string) => `membership-fact-${name}`,
  edit: 'membership-edit',
  dialog: 'dialog-membership',
  row: (index: number, name: string) => `membership-row-${index}-${name}`,
  removeRow: (index: number) => `membership-remove-${index}`,
  addRow: 'membership-add',
  graceDays: 'membership-grace-days',
  formError: 'membership-form-error',
} as const;
