import { endpoints } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import type { AuthService } from '../auth';
import type { BankCardsService } from './bank-cards.service';

export const bankCardRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  bankCards: BankCardsService;
}> = async (app, { auth, bankCards }) => {
  const route = routesOf(app, { auth });
  route(endpoints.listBankCards, async (request) =>
    ok(await bankCards.list(request.user.id), request.t('common.success')),
  );

  route(endpoints.bindBankCard, async (request) =>
    ok(await bankCards.bind(request.user.id, request.body), request.t('common.submitted')),
  );

  route(endpoints.deleteBankCard, async (request) => {
    await bankCards.remove(request.user.id, request.params.id);
    return ok(null, request.t('bankCards.deleted'));
  });
};
