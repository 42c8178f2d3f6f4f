import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { ContentService } from './content.service';

/** Readers' side: every answer in the request's language, in en-US marked as a fallback where it has none. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  const route = routesOf(app, {});
  route(endpoints.getHelpCentre, async (request) =>
    ok(await content.helpCentre(request.locale), request.t('common.success')),
  );
  route(endpoints.getHelpCategory, async (request) =>
    ok(await content.category(request.params.slug, request.locale), request.t('common.success')),
  );
  route(endpoints.listNews, async (request) =>
    ok(
      await content.news(request.locale, request.query.page, request.query.pageSize),
      request.t('common.success'),
    ),
  );
  route(endpoints.getArticle, async (request) =>
    ok(await content.article(request.params.slug, request.locale), request.t('common.success')),
  );
  route(endpoints.searchContent, async (request) =>
    ok(
      await content.search(request.query.q, request.locale, request.query.page, request.query.pageSize),
      request.t('common.success'),
    ),
  );
};

/** The back office's side (content role): every change is audited. */
export const contentAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  content: ContentService;
}> = async (app, { admins, content }) => {
  const route = routesOf(app, { admins });
  route(endpoints.listContentCategories, async (request) =>
    ok({ items: await content.adminCategories() }, request.t('common.success')),
  );
  route(endpoints.createContentCategory, async (request) =>
    ok(await content.createCategory(request.body, actorOf(request)), request.t('common.success')),
  );
  route(endpoints.updateContentCategory, async (request) =>
    ok(
      await content.updateCategory(request.params.id, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );
  route(endpoints.listContentArticles, async (request) => {
    const { page, pageSize, ...filter } = request.query;
    return ok(await content.adminArticles(filter, page, pageSize), request.t('common.success'));
  });
  route(endpoints.getContentArticle, async (request) =>
    ok(await content.adminArticle(request.params.id), request.t('common.success')),
  );
  route(endpoints.createContentArticle, async (request) =>
    ok(await content.createArticle(request.body, actorOf(request)), request.t('common.success')),
  );
  route(endpoints.updateContentArticle, async (request) =>
    ok(
      await content.updateArticle(request.params.id, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );
  route(endpoints.deleteContentArticle, async (request) => {
    await content.deleteArticle(request.params.id, actorOf(request));
    return ok(await content.adminArticles({}, 1, 20), request.t('common.success'));
  });
  route(endpoints.saveArticleTranslation, async (request) =>
    ok(
      await content.saveTranslation(request.params.id, request.params.locale, request.body, actorOf(request)),
      request.t('common.success'),
    ),
  );
  route(endpoints.deleteArticleTranslation, async (request) =>
    ok(
      await content.deleteTranslation(request.params.id, request.params.locale, actorOf(request)),
      request.t('common.success'),
    ),
  );
};
