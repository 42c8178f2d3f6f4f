import { LANGUAGE_HEADER } from '@kestrel/contract';
import { type Locale, resolveLocale } from '@kestrel/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Translate, translator } from './i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: Translate;
  }
}

/** Every request speaks the language its `think-lang` header names, en-US when it names none we have. */
export const requestLanguage = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('t');
  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(request.headers[LANGUAGE_HEADER]);
    request.t = translator(request.locale);
  });
});
