/** Test ids of the mission hall, for component and browser tests. */
export const MissionsTestId = {
  screen: 'missions-screen',
  /** The row of the Mine screen and the home shortcut that open the hall. */
  mineEntry: 'mine-missions',
  homeShortcut: 'home-missions',
  identityNotice: 'missions-identity-notice',
  identityLink: 'missions-identity-link',
  group: (group: string) => `missions-group-${group}`,
  empty: 'missions-empty',
  /** One task's card; the ids below are found within it. */
  mission: (id: string) => `missions-task-${id}`,
  title: 'missions-task-title',
  reward: 'missions-task-reward',
  progress: 'missions-task-progress',
  progressBar: 'missions-task-progress-bar',
  countdown: 'missions-task-countdown',
  claim: 'missions-task-claim',
  verifyToClaim: 'missions-task-verify',
  status: 'missions-task-status',
} as const;
