import fastifyMultipart from '@fastify/multipart';
import { endpoints, SUPPORT_VISITOR_HEADER, UPLOAD_MAX_BYTES } from '@kestrel/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/reply';
import { routesOf } from '../../http/route';
import { type AdminsService, actorOf } from '../admin';
import type { AuthService } from '../auth';
import { sendImage } from '../uploads';
import type { Customer, SupportService } from './support.service';

/** The one `file` part of a multipart upload. */
async function readImage(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file') file = await part.toBuffer();
        else part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('uploadTooLarge');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('uploadMissing');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError('parameterError');
    }
    throw error;
  }
  if (!file || file.length === 0) throw new AppError('uploadMissing');
  return file;
}

/**
 * The customer's side under /api/support: a signed-in user's conversation by token, a visitor's by the
 * X-Support-Visitor header. Each caller reaches only their own conversation.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ auth: AuthService; support: SupportService }> = async (
  app,
  { auth, support },
) => {
  const route = routesOf(app, { auth });
  await app.register(fastifyMultipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 3 },
  });
  const user = (request: FastifyRequest): Customer => ({ kind: 'user', userId: request.user.id });
  const visitor = (request: FastifyRequest) => support.visitor(request.headers[SUPPORT_VISITOR_HEADER]);

  route(endpoints.getSupportConversation, async (request) =>
    ok(await support.conversation(user(request), request.locale), request.t('common.success')),
  );
  route(endpoints.getSupportUnread, async (request) =>
    ok(await support.unread(request.user.id), request.t('common.success')),
  );
  route(endpoints.listSupportMessages, async (request) =>
    ok(await support.messages(user(request), request.query), request.t('common.success')),
  );
  route(endpoints.sendSupportMessage, async (request) =>
    ok(
      await support.send(user(request), request.body, request.ip, request.locale),
      request.t('support.sent'),
    ),
  );
  route(endpoints.markSupportMessages, async (request) =>
    ok(await support.markCustomer(user(request), request.body), request.t('common.success')),
  );
  route(endpoints.uploadSupportImage, async (request) => {
    const customer = user(request);
    return ok(await support.uploadImage(customer, await readImage(request)), request.t('common.success'));
  });
  route(endpoints.getSupportImage, async (request, reply) => {
    const { upload, data } = await support.customerImage(user(request), request.params.id);
    return sendImage(reply, upload, data);
  });
  route(endpoints.joinSupportConversation, async (request) =>
    ok(
      await support.join(request.user.id, request.body.visitorToken, request.locale),
      request.t('common.success'),
    ),
  );

  route(endpoints.createSupportVisitor, async (request) =>
    ok(await support.createVisitor(request.ip, request.locale), request.t('common.success')),
  );
  route(endpoints.getVisitorConversation, async (request) =>
    ok(await support.conversation(await visitor(request), request.locale), request.t('common.success')),
  );
  route(endpoints.listVisitorMessages, async (request) =>
    ok(await support.messages(await visitor(request), request.query), request.t('common.success')),
  );
  route(endpoints.sendVisitorMessage, async (request) =>
    ok(
      await support.send(await visitor(request), request.body, request.ip, request.locale),
      request.t('support.sent'),
    ),
  );
  route(endpoints.markVisitorMessages, async (request) =>
    ok(await support.markCustomer(await visitor(request), request.body), request.t('common.success')),
  );
  route(endpoints.uploadVisitorImage, async (request) => {
    const customer = await visitor(request);
    return ok(await support.uploadImage(customer, await readImage(request)), request.t('common.success'));
  });
  route(endpoints.getVisitorImage, async (request, reply) => {
    const { upload, data } = await support.customerImage(await visitor(request), request.params.id);
    return sendImage(reply, upload, data);
  });
};

/** The agents' inbox under /api/admin/support: agents and support read and answer, and never change money. */
export const supportAdminRoutes: FastifyPluginAsyncZod<{
  admins: AdminsService;
  support: SupportService;
}> = async (app, { admins, support }) => {
  const route = routesOf(app, { admins });

  route(endpoints.listInbox, async (request) =>
    ok(await support.inbox(request.query, request.admin.id), request.t('common.success')),
  );
  route(endpoints.getInboxConversation, async (request) =>
    ok(await support.detail(request.params.id), request.t('common.success')),
  );
  route(endpoints.listInboxMessages, async (request) =>
    ok(await support.agentMessages(request.params.id, request.query), request.t('common.success')),
  );
  route(endpoints.replyToConversation, async (request) =>
    ok(await support.reply(request.params.id, request.body, request.admin.id), request.t('support.sent')),
  );
  route(endpoints.markInboxMessages, async (request) =>
    ok(await support.markAgent(request.params.id, request.body), request.t('common.success')),
  );
  route(endpoints.listSupportAgents, async (request) =>
    ok(await support.agents(), request.t('common.success')),
  );
  route(endpoints.assignConversation, async (request) =>
    ok(
      await support.assign(request.params.id, request.body.agentId, actorOf(request)),
      request.t('support.saved'),
    ),
  );
  route(endpoints.closeConversation, async (request) =>
    ok(await support.close(request.params.id, actorOf(request)), request.t('support.saved')),
  );
  route(endpoints.listConversationNotes, async (request) =>
    ok(await support.notes(request.params.id), request.t('common.success')),
  );
  route(endpoints.addConversationNote, async (request) =>
    ok(
      await support.addNote(request.params.id, request.body.text, actorOf(request)),
      request.t('support.saved'),
    ),
  );
  route(endpoints.getAdminSupportImage, async (request, reply) => {
    const { upload, data } = await support.agentImage(request.params.id);
    return sendImage(reply, upload, data);
  });
  route(endpoints.listCannedReplies, async (request) =>
    ok(await support.cannedReplies(), request.t('common.success')),
  );
  route(endpoints.createCannedReply, async (request) =>
    ok(await support.createCannedReply(request.body, actorOf(request)), request.t('support.saved')),
  );
  route(endpoints.updateCannedReply, async (request) =>
    ok(
      await support.updateCannedReply(request.params.id, request.body, actorOf(request)),
      request.t('support.saved'),
    ),
  );
  route(endpoints.deleteCannedReply, async (request) =>
    ok(await support.deleteCannedReply(request.params.id, actorOf(request)), request.t('support.saved')),
  );
};
