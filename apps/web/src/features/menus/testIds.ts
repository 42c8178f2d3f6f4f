/** Test ids of the run-time menus (decision 0054), in one place for the unit tests and the browser journeys. */
export const MenusTestId = {
  mineRows: 'menus-mine-rows',
  homeShortcut: 'menus-home-shortcut',
  page: 'menus-page',
  openLink: 'menus-open-link',
  children: 'menus-children',
} as const;
