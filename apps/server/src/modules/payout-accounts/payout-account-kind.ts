import type { ApproveBody, Endpoint, ErrorName } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n';
import type { z } from 'zod';
import type { MessagesService } from '../messages';
import type { ActionEndpoint, Decision, ItemEndpoint, QueueEndpoint } from '../review';
import type { UploadsService } from '../uploads';
import type { NewPayoutRow, PayoutRow, PayoutTable, QueueSearch } from './payout-accounts.repository';

export type UserContact = { userEmail: string | null; userPhone: string | null };

/** What a bind may check besides the security password and the limit: the caller's own uploads. */
export type BindChecks = { uploads: Pick<UploadsService, 'findOwnUpload'> };

/**
 * A kind of account a withdrawal may be paid to (a bank card, a crypto withdrawal wallet): its table and
 * columns, how a bind is checked and stored, how the owner and the back office see it, and the endpoints and
 * words that are its own. Everything else (listing, binding under the limit, deleting, the review queue) is one
 * implementation for both.
 */
/** A bind always carries the security password. */
export type BindBody = { securityPassword: string };

/** What a detail adds to a summary for every kind: the decision and the same user's earlier rows. */
export type Decided<Summary> = {
  rejectionReason: string | null;
  reviewer: { id: number; email: string } | null;
  history: (Summary & { rejectionReason: string | null })[];
};

export type PayoutAccountKind<T extends PayoutTable, Body extends BindBody, View, Summary, Detail> = {
  table: T;
  /** The queue's search beyond the user's e-mail, phone and UID. */
  search: QueueSearch<T>;
  endpoints: {
    list: Endpoint & { response: z.ZodType<unknown, { items: View[]; limit: number }> };
    bind: Endpoint & { body: z.ZodType<Body>; response: z.ZodType<unknown, View> };
    remove: Endpoint & { params: z.ZodType<{ id: number }>; response: z.ZodType<unknown, null> };
    submissions: QueueEndpoint<Summary>;
    submission: ItemEndpoint<Detail>;
    approve: ActionEndpoint<ApproveBody, Detail>;
    reject: ActionEndpoint<{ reason: string }, Detail>;
  };
  /** What the answer to a deletion says. */
  deletedMessage: TranslationKey;
  /** Over the limit of live accounts; the same account already live. */
  refusals: { limit: ErrorName; duplicate: ErrorName };
  /** The row a bind stores, once the kind's own checks of the body passed. */
  toRow(userId: number, body: Body, checks: BindChecks): Promise<NewPayoutRow<T>>;
  toView(row: PayoutRow<T>): View;
  /** The audit log's name for an account of this kind. */
  target: string;
  toSummary(row: PayoutRow<T>, user: UserContact): Summary;
  /** The account in full as a reviewer sees it. */
  toDetail(row: PayoutRow<T>, user: UserContact, decided: Decided<Summary>): Detail;
  /** After the commit: the user's notice of the decision, naming the account. */
  notify(messages: Pick<MessagesService, 'notify'>, row: PayoutRow<T>, decision: Decision): Promise<void>;
};
