import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { ReferralService } from './referral.service';

/** The user's referral: code, invitees and commissions, under /api/referral. */
export const referralRoutes: FastifyPluginAsyncZod<{ auth: AuthService; referral: ReferralService }> = async (
  app,
  { auth, referral },
) => {
  const route = routesOf(app, { auth });

  route(endpoints.getReferral, async (request) =>
    ok(await referral.overview(request.user.id), request.t('common.success')),
  );

  route(endpoints.listReferralInvitees, async (request) =>
    ok(await referral.invitees(request.user.id, request.query), request.t('common.success')),
  );

  route(endpoints.listReferralCommissions, async (request) =>
    ok(await referral.commissions(request.user.id, request.query), request.t('common.success')),
  );
};

/** Referral settings in the back office; a change is audited with its reason. */
export const referralAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  referral: ReferralService;
}> = async (app, { admins, referral }) => {
  const route = routesOf(app, { admins });

  route(endpoints.getAdminReferral, async (request) =>
    ok(await referral.admin(), request.t('common.success')),
  );

  route(endpoints.updateReferralSettings, async (request) =>
    ok(await referral.updateSettings(request.body, actorOf(request)), request.t('referral.saved')),
  );
};
