/** Test ids of the menu editor (decision 0054), for its component test and the browser journey. */
export const MenusTestId = {
  add: 'menu-add',
  save: 'menu-save',
  list: 'menu-list',
  empty: 'menu-empty',
  unsaved: 'menu-unsaved',
  entry: 'menu-entry',
  entryError: 'menu-entry-error',
  form: 'menu-form',
  formRoute: 'menu-form-route',
  formLocale: 'menu-form-locale',
  formTitle: 'menu-form-title',
  formTemplate: 'menu-form-template',
  formData: 'menu-form-data',
  formPlacement: 'menu-form-placement',
  formVisible: 'menu-form-visible',
} as const;
