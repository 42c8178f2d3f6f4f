import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Idempotency } from '../../http/idempotency';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import type { MissionsService } from './missions.service';

/** The mission hall under /api/missions. */
export const missionsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  missions: MissionsService;
  idempotency: Idempotency;
}> = async (app, { auth, missions, idempotency }) => {
  const route = routesOf(app, { auth, idempotency });

  route(endpoints.listMissions, async (request) =>
    ok(await missions.list(request.user.id, request.user.book), request.t('common.success')),
  );

  // A replay with the same Idempotency-Key answers the first response; without one, the cycle's row pays once.
  route(endpoints.claimMission, async (request) =>
    ok(await missions.claim(request.user.id, request.params.id), request.t('missions.rewardClaimed')),
  );
};

/** Tasks in the back office; every change is audited with its reason. */
export const missionsAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  missions: MissionsService;
}> = async (app, { admins, missions }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listAdminMissions, async (request) =>
    ok(await missions.adminList(), request.t('common.success')),
  );

  route(endpoints.createMission, async (request) =>
    ok(await missions.create(request.body, actorOf(request)), request.t('missions.saved')),
  );

  route(endpoints.updateMission, async (request) =>
    ok(await missions.update(request.params.id, request.body, actorOf(request)), request.t('missions.saved')),
  );
};
