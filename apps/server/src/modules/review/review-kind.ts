import type { AdminPage, Endpoint, RejectBody } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n';
import type { z } from 'zod';
import type { Actor, Audited, AuditedChange } from '../admin';
import type { ApprovalBody, Decision, QueueFilter } from './review-queue';

/*
 * What a back-office review queue is, described once per kind (identity, bank cards, wallets, deposits,
 * withdrawals, adjustment proposals) and run by one engine: `ReviewQueue` decides, `reviewRoutes` answers.
 */

/** A schema whose answer the handler gives as `Answer` (the schema's input, which the reply serialises). */
type Answering<Answer> = z.ZodType<unknown, Answer>;

/** A queue's list: one status, searched and paged. */
export type QueueEndpoint<Summary> = Endpoint & {
  query: z.ZodType<QueueFilter>;
  response: Answering<AdminPage<Summary>>;
};

/** One item of a queue, named by `:id`. */
export type ItemEndpoint<Detail> = Endpoint & {
  params: z.ZodType<{ id: number }>;
  response: Answering<Detail>;
};

/** An action on one item, answered with the item as it now is. */
export type ActionEndpoint<Body, Detail> = ItemEndpoint<Detail> & { body: z.ZodType<Body> };

/** Registers an action of a kind's own (a deposit's amount correction) beside approve and reject. */
export type ItemAction<Detail> = <Body>(
  endpoint: ActionEndpoint<Body, Detail>,
  run: (id: number, body: Body, actor: Actor) => Promise<void>,
) => void;

export type ReviewKind<
  R extends Audited<R>,
  Summary,
  Detail,
  Approval extends ApprovalBody = ApprovalBody,
  Decided = unknown,
> = {
  /** The contract's endpoints it answers. `detail` is left out where the list shows each item whole. */
  endpoints: {
    list: QueueEndpoint<Summary>;
    detail?: ItemEndpoint<Detail>;
    approve: ActionEndpoint<Approval, Detail>;
    reject: ActionEndpoint<RejectBody, Detail>;
  };
  /** The audit log's name for an item of this kind (its entries' `targetType`). */
  target: string;
  /** What the answer to an approval says, when not `common.success`. */
  approvedMessage?: TranslationKey;
  /** The repository whose transaction holds a decision and its audit entry. */
  repository: R;
  page(filter: QueueFilter): Promise<AdminPage<Summary>>;
  /** One item as the back office shows it; notFound when there is none. */
  detail(id: number): Promise<Detail>;
  /**
   * In the decision's transaction: applies the decision while the item is undecided, with whatever else it does
   * there (a credit, a payout), and says what changed for the audit log; nothing when the item is decided or
   * unknown.
   */
  decide(
    repository: R,
    id: number,
    decision: Decision<Approval>,
    adminId: number,
  ): Promise<AuditedChange<Decided> | undefined>;
  exists(repository: R, id: number): Promise<boolean>;
  /** After the commit: what the user is told of the decision. */
  notify(decided: Decided, decision: Decision<Approval>): Promise<void>;
  /** The kind's own actions on an item, beside approve and reject. */
  actions?(action: ItemAction<Detail>): void;
};

/** The audit change of a decision that only moves an item out of pending (see `stillPending`). */
export function statusChange<Row extends { status: string }>(
  row: Row | undefined,
  decision: Decision,
): AuditedChange<Row> | undefined {
  if (!row) return undefined;
  return {
    before: { status: 'pending' },
    after: {
      status: row.status,
      ...(decision.status === 'rejected' ? { rejectionReason: decision.reason } : {}),
    },
    result: row,
  };
}

/** The operator who decided an item, as a detail names them; nobody while it is undecided. */
export function reviewerOf(adminId: number | null, email: string | null) {
  return adminId !== null && email !== null ? { id: adminId, email } : null;
}
