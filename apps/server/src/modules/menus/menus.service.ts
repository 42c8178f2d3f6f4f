import type { AdminMenuEntry, MenuEntryView } from '@kestrel/contract';
import { DEFAULT_LOCALE, type Locale } from '@kestrel/i18n';
import { AppError } from '../../http/app-error';
import { type Actor, withAudit } from '../admin';
import { menuProblem } from './menu-rules';
import type { MenusRepository } from './menus.repository';

export type AdminMenu = { entries: AdminMenuEntry[]; updatedAt: string | null };

/** An entry as a reader of `locale` sees it: visible ones only, their title or else the en-US one. */
export function toMenuView(entries: readonly AdminMenuEntry[], locale: Locale): MenuEntryView[] {
  return entries
    .filter((entry) => entry.visible)
    .map((entry) => ({
      route: entry.route,
      title: entry.titles[locale] ?? entry.titles[DEFAULT_LOCALE] ?? '',
      placement: entry.placement,
      data: entry.data,
      children: toMenuView(entry.children, locale),
    }));
}

/** The menu list set at run time: the app's view of it, and the back office's whole-list save, audited. */
export class MenusService {
  constructor(
    private readonly repository: MenusRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async publicList(locale: Locale): Promise<MenuEntryView[]> {
    return toMenuView((await this.repository.find())?.entries ?? [], locale);
  }

  async adminMenu(): Promise<AdminMenu> {
    const row = await this.repository.find();
    return { entries: row?.entries ?? [], updatedAt: row?.updatedAt.toISOString() ?? null };
  }

  /** Replaces the whole list; a list that breaks a rule is refused, naming its entry, and nothing changes. */
  async save(entries: AdminMenuEntry[], actor: Actor): Promise<AdminMenu> {
    const problem = menuProblem(entries);
    if (problem) throw new AppError(problem.reason, problem.params, 0, problem.field);
    return withAudit(this.repository, actor, { type: 'menuList', id: null }, null, async (repository) => {
      const before = await repository.findForUpdate();
      const row = await repository.save(entries, this.now());
      return {
        before: before ? { entries: before.entries } : null,
        after: { entries: row.entries },
        result: { entries: row.entries, updatedAt: row.updatedAt.toISOString() },
      };
    });
  }
}
