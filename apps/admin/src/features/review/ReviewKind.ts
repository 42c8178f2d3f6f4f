import type { ReviewStatus } from '@kestrel/contract';
import type { TranslationKey } from '@kestrel/i18n/admin';
import type { TFunction } from 'i18next';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/Table';
import { useLocale } from '../../i18n/i18n';
import type { ApproveDialogProps } from './DecisionBar';
import type { ReviewQueueName } from './queries';
import type { ReviewImageSource } from './ReviewImage';

/** What every queue's row carries besides its own fields: the item, whose it is and when it came and went. */
export type ReviewSubmission = {
  id: number;
  status: ReviewStatus;
  userId: number;
  userEmail: string | null;
  userPhone: string | null;
  submittedAt: string;
  reviewedAt: string | null;
};

/** What every queue's item carries besides its own facts: the decision and the user's earlier submissions. */
export type ReviewedItem<Row extends ReviewSubmission> = Row & {
  rejectionReason: string | null;
  reviewer: { id: number; email: string } | null;
  history: (Row & { rejectionReason: string | null })[];
};

export type ReviewFact = { label: string; value: ReactNode; testId?: string };

/** The catalogue and the console's formats, which a kind writes its cells and facts with. */
export type ReviewView = { t: TFunction } & Pick<ReturnType<typeof useLocale>, 'formatDate' | 'formatAmount'>;

/** On an item's page a kind may also open a dialog of its own action (a deposit's amount correction). */
export type ReviewItemView = ReviewView & {
  openDialog: (dialog: ReactNode) => void;
  closeDialog: () => void;
};

export function useReviewView(): ReviewView {
  const { t } = useTranslation();
  const { formatDate, formatAmount } = useLocale();
  return { t, formatDate, formatAmount };
}

/**
 * One kind of review (identity, bank cards, wallets, deposits, withdrawals) as the back office shows it. The one
 * queue page and the one item page read it; everything a kind shares with the others (the number, the user, the
 * dates, the outcome, the decision, the history) they draw themselves.
 */
export type ReviewKind<Row extends ReviewSubmission, Item extends ReviewedItem<Row>> = {
  /** Where the server answers (/api/admin/<queue>) and the console shows it (/<queue>, /<queue>/:id). */
  queue: ReviewQueueName;
  text: {
    title: TranslationKey;
    /** The search hint: which fields the queue's search reads. */
    search: TranslationKey;
    /** The item page's title, with the item's {{id}}. */
    itemTitle: TranslationKey;
    /** The header of the item's number. */
    number: TranslationKey;
    user: TranslationKey;
  };
  /** Whether the user's name opens their page, for the roles that may open it. */
  linksUser?: boolean;
  /** The queue's own columns, between the user and the submission date. */
  columns: (view: ReviewView) => Column<Row>[];
  /** The item's own facts, after its user. */
  facts: (item: Item, view: ReviewItemView) => ReviewFact[];
  /**
   * The uploads shown large beside the facts. A kind without this has nothing to compare and lets its facts take
   * the page; one whose items happen to have no image keeps the facts column at its reading width.
   */
  images?: (item: Item, view: ReviewView) => ReviewImageSource[];
  /** What the item page shows of each earlier submission, between its date and its outcome. */
  history: {
    columns: (view: ReviewView) => Column<Row>[];
    /** False where the history leaves out when each was reviewed. */
    reviewedAt?: false;
  };
  /**
   * Steps finer than the review's three statuses (a withdrawal waiting for its second approval): shown wherever
   * the status is, and as a column of the pending tab, where the tab cannot tell them apart.
   */
  steps?: {
    badge: (row: Row) => ReactNode;
    /** The test id of the outcome's status fact. */
    testId: string;
  };
  /**
   * The kind's own outcome facts: how far the decision got (after the submission date), and what the decision
   * recorded, such as a payment's reference (before a rejection's reason).
   */
  outcome?: {
    progress: (item: Item, view: ReviewView) => ReviewFact[];
    result: (item: Item, view: ReviewView) => ReviewFact[];
  };
  /** The approval's dialog when approving sends more than an optional note. */
  ApproveDialog?: ComponentType<ApproveDialogProps<Item>>;
};
