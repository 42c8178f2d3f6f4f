import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { actorOf } from './admin-auth';
import { type AdminsService, toAdminSummary } from './admins.service';
import type { AuditRepository } from './audit.repository';

export const adminRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; audit: AuditRepository }> = async (
  app,
  { admins, audit },
) => {
  const route = routesOf(app, { admins });

  route(
    endpoints.adminLogin,
    async (request) => {
      const caller = { ip: request.ip, userAgent: request.headers['user-agent'] };
      return ok(await admins.login(request.body, caller), request.t('backOffice.signedIn'));
    },
    { onRequest: async (request) => admins.refuseLockedAddress({ ip: request.ip }) },
  );

  route(endpoints.adminLogout, async (request) => {
    await admins.logout(request.adminToken, actorOf(request));
    return ok(null, request.t('common.success'));
  });

  route(endpoints.getAdminMe, async (request) =>
    ok(toAdminSummary(request.admin), request.t('common.success')),
  );

  route(endpoints.setupAdminTotp, async (request) =>
    ok(await admins.setupTotp(request.admin), request.t('common.success')),
  );

  route(endpoints.enableAdminTotp, async (request) =>
    ok(
      await admins.enableTotp(request.admin, request.body.code, actorOf(request)),
      request.t('backOffice.totpEnabled'),
    ),
  );

  route(endpoints.listAdmins, async (request) => ok(await admins.list(), request.t('common.success')));

  route(endpoints.createAdmin, async (request) =>
    ok(await admins.create(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.updateAdmin, async (request) =>
    ok(await admins.update(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.resetAdminTotp, async (request) =>
    ok(
      await admins.resetTotp(request.params.id, request.body.reason, actorOf(request)),
      request.t('admin.admins.resetTotp.done'),
    ),
  );

  route(endpoints.getAdminSettings, async (request) =>
    ok(await admins.settings(), request.t('common.success')),
  );

  route(endpoints.updateAdminSettings, async (request) =>
    ok(await admins.updateSettings(request.body, actorOf(request)), request.t('common.success')),
  );

  route(endpoints.searchAudit, async (request) => {
    const { rows, total } = await audit.search(request.query);
    const items = rows.map(({ entry, adminEmail }) => ({
      id: entry.id,
      admin: entry.adminId !== null && adminEmail !== null ? { id: entry.adminId, email: adminEmail } : null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before,
      after: entry.after,
      reason: entry.reason,
      ip: entry.ip,
      createdAt: entry.createdAt.toISOString(),
    }));
    return ok({ items, total }, request.t('common.success'));
  });
};
