/** Menus set at run time (decision 0054): the list the app adds routes from, edited whole in the back office. */
export { menuProblem } from './menu-rules';
export { MenusRepository } from './menus.repository';
export { menuAdminRoutes, menuRoutes } from './menus.routes';
export { MenusService, toMenuView } from './menus.service';
