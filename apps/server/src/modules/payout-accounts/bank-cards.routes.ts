import { bankCardBody, bankCardList, bankCardView, payoutAccountIdParams } from '@kestrel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../http/authenticate';
import { ok, responses } from '../../http/reply';
import type { AuthService } from '../auth';
import type { BankCardsService } from './bank-cards.service';

const security = [{ token: [] }];

export const bankCardRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  bankCards: BankCardsService;
}> = async (app, { auth, bankCards }) => {
  app.get(
    '/bank-cards',
    {
      schema: {
        operationId: 'listBankCards',
        tags: ['wallet'],
        summary: "The user's bank cards with their review status, numbers masked",
        security,
        response: responses(bankCardList),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await bankCards.list(request.user.id), request.t('common.success')),
  );

  app.post(
    '/bank-cards',
    {
      schema: {
        operationId: 'bindBankCard',
        tags: ['wallet'],
        summary: 'Bind a bank card for review, confirmed with the security password',
        security,
        body: bankCardBody,
        response: responses(bankCardView),
      },
      preHandler: requireUser(auth),
    },
    async (request) => ok(await bankCards.bind(request.user.id, request.body), request.t('common.submitted')),
  );

  app.delete(
    '/bank-cards/:id',
    {
      schema: {
        operationId: 'deleteBankCard',
        tags: ['wallet'],
        summary: 'Delete one of the user’s bank cards; withdrawals already sent to it keep pointing at it',
        security,
        params: payoutAccountIdParams,
        response: responses(z.null()),
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      await bankCards.remove(request.user.id, request.params.id);
      return ok(null, request.t('bankCards.deleted'));
    },
  );
};
