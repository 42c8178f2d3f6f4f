import {
  adminIdParams,
  adminLoginBody,
  adminLoginResult,
  adminPageOf,
  adminReasonBody,
  adminSettings,
  adminSummary,
  auditEntry,
  auditQuery,
  createAdminBody,
  totpEnableBody,
  totpSetupResult,
  updateAdminBody,
  updateSettingsBody,
} from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, responses } from '../../http/reply';
import { actorOf, requireAdmin } from './admin-auth';
import { type AdminsService, toAdminSummary } from './admins.service';
import type { AuditRepository } from './audit.repository';

const security = [{ token: [] }];

export const adminRoutes: FastifyPluginAsyncZod<{ admins: AdminsService; audit: AuditRepository }> = async (
  app,
  { admins, audit },
) => {
  const anyAdmin = requireAdmin(admins, { roles: [], duringTotpEnrolment: true });
  const superAdmin = requireAdmin(admins, { roles: ['super_admin'] });

  app.post(
    '/auth/login',
    {
      schema: {
        operationId: 'adminLogin',
        tags: ['admin'],
        summary: 'Open a back-office session with e-mail, password and, once enrolled, a TOTP code',
        body: adminLoginBody,
        response: responses(adminLoginResult),
      },
      onRequest: async (request) => admins.refuseLockedAddress({ ip: request.ip }),
    },
    async (request) => {
      const caller = { ip: request.ip, userAgent: request.headers['user-agent'] };
      return ok(await admins.login(request.body, caller), request.t('backOffice.signedIn'));
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'adminLogout',
        tags: ['admin'],
        summary: 'Revoke the back-office session of the token sent',
        security,
        response: responses(z.null()),
      },
      onRequest: anyAdmin,
    },
    async (request) => {
      await admins.logout(request.adminToken, actorOf(request));
      return ok(null, request.t('common.success'));
    },
  );

  app.get(
    '/me',
    {
      schema: {
        operationId: 'getAdminMe',
        tags: ['admin'],
        summary: 'The signed-in admin',
        security,
        response: responses(adminSummary),
      },
      onRequest: anyAdmin,
    },
    async (request) => ok(toAdminSummary(request.admin), request.t('common.success')),
  );

  app.post(
    '/totp/setup',
    {
      schema: {
        operationId: 'setupAdminTotp',
        tags: ['admin'],
        summary: 'Draw a TOTP secret for the signed-in admin and show it as a QR code',
        security,
        response: responses(totpSetupResult),
      },
      onRequest: anyAdmin,
    },
    async (request) => ok(await admins.setupTotp(request.admin), request.t('common.success')),
  );

  app.post(
    '/totp/enable',
    {
      schema: {
        operationId: 'enableAdminTotp',
        tags: ['admin'],
        summary: 'Turn TOTP on with a code made from the secret of the last setup',
        security,
        body: totpEnableBody,
        response: responses(adminSummary),
      },
      onRequest: anyAdmin,
    },
    async (request) =>
      ok(
        await admins.enableTotp(request.admin, request.body.code, actorOf(request)),
        request.t('backOffice.totpEnabled'),
      ),
  );

  app.get(
    '/admins',
    {
      schema: {
        operationId: 'listAdmins',
        tags: ['admin'],
        summary: 'Every back-office account',
        security,
        response: responses(z.array(adminSummary)),
      },
      onRequest: superAdmin,
    },
    async (request) => ok(await admins.list(), request.t('common.success')),
  );

  app.post(
    '/admins',
    {
      schema: {
        operationId: 'createAdmin',
        tags: ['admin'],
        summary: 'Create a back-office account',
        security,
        body: createAdminBody,
        response: responses(adminSummary),
      },
      onRequest: superAdmin,
    },
    async (request) => ok(await admins.create(request.body, actorOf(request)), request.t('common.success')),
  );

  app.patch(
    '/admins/:id',
    {
      schema: {
        operationId: 'updateAdmin',
        tags: ['admin'],
        summary: "Change an admin's role or disable it; the last super admin stays",
        security,
        params: adminIdParams,
        body: updateAdminBody,
        response: responses(adminSummary),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(await admins.update(request.params.id, request.body, actorOf(request)), request.t('common.success')),
  );

  app.post(
    '/admins/:id/reset-totp',
    {
      schema: {
        operationId: 'resetAdminTotp',
        tags: ['admin'],
        summary: "Clear another admin's lost authenticator and end their sessions; they enrol again",
        security,
        params: adminIdParams,
        body: adminReasonBody,
        response: responses(adminSummary),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(
        await admins.resetTotp(request.params.id, request.body.reason, actorOf(request)),
        request.t('admin.admins.resetTotp.done'),
      ),
  );

  app.get(
    '/settings',
    {
      schema: {
        operationId: 'getAdminSettings',
        tags: ['admin'],
        summary: "The back office's settings",
        security,
        response: responses(adminSettings),
      },
      onRequest: superAdmin,
    },
    async (request) => ok(await admins.settings(), request.t('common.success')),
  );

  app.put(
    '/settings',
    {
      schema: {
        operationId: 'updateAdminSettings',
        tags: ['admin'],
        summary: "Change the back office's settings, such as requiring TOTP of every admin",
        security,
        body: updateSettingsBody,
        response: responses(adminSettings),
      },
      onRequest: superAdmin,
    },
    async (request) =>
      ok(await admins.updateSettings(request.body, actorOf(request)), request.t('common.success')),
  );

  app.get(
    '/audit',
    {
      schema: {
        operationId: 'searchAudit',
        tags: ['admin'],
        summary: 'The audit log, newest first, by admin, action or text',
        security,
        querystring: auditQuery,
        response: responses(adminPageOf(auditEntry)),
      },
      onRequest: superAdmin,
    },
    async (request) => {
      const { rows, total } = await audit.search(request.query);
      const items = rows.map(({ entry, adminEmail }) => ({
        id: entry.id,
        admin:
          entry.adminId !== null && adminEmail !== null ? { id: entry.adminId, email: adminEmail } : null,
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
    },
  );
};
