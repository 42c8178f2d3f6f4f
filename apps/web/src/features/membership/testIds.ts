/** Test ids of the membership centre, for component and browser tests. */
export const MembershipTestId = {
  screen: 'membership-screen',
  /** The row of the Mine screen that opens the centre. */
  mineEntry: 'mine-membership',
  level: 'membership-level',
  makerDiscount: 'membership-maker-discount',
  takerDiscount: 'membership-taker-discount',
  grace: 'membership-grace',
  next: 'membership-next',
  topLevel: 'membership-top-level',
  volume: 'membership-volume',
  volumeBar: 'membership-volume-bar',
  volumeMore: 'membership-volume-more',
  holdings: 'membership-holdings',
  holdingsBar: 'membership-holdings-bar',
  holdingsMore: 'membership-holdings-more',
  snapshot: 'membership-snapshot',
  table: 'membership-table',
  row: (level: number) => `membership-row-${level}`,
} as const;
