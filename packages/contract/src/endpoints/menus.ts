import { defineEndpoint, operator, PUBLIC } from '../endpoint';
import { adminMenu, adminMenuBody, menuList } from '../menus';

/* The menu list set at run time: the app keeps it in the session and adds its routes. */
export const menusEndpoints = {
  getMenuList: defineEndpoint({
    operationId: 'getMenuList',
    method: 'GET',
    path: '/api/menus',
    tag: 'menus',
    summary: 'The visible menu entries in your language, with their routes, templates and children',
    auth: PUBLIC,
    response: menuList,
  }),
  getAdminMenu: defineEndpoint({
    operationId: 'getAdminMenu',
    method: 'GET',
    path: '/api/admin/menus',
    tag: 'admin',
    summary: 'The whole menu list, hidden entries and every title included',
    auth: operator('content'),
    response: adminMenu,
  }),
  saveAdminMenu: defineEndpoint({
    operationId: 'saveAdminMenu',
    method: 'PUT',
    path: '/api/admin/menus',
    tag: 'admin',
    summary:
      'Save the whole menu list; an unknown template or screen, or a route that clashes, refuses the save',
    auth: operator('content'),
    body: adminMenuBody,
    response: adminMenu,
  }),
};
