import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { Login } from '../features/login/Login';
import type { ReviewedItem, ReviewKind, ReviewSubmission } from '../features/review/ReviewKind';
import { Enrol } from '../features/security/Enrol';
import { Shell } from '../features/shell/Shell';
import { queryClient, setNavigation } from './api';
import { ShownNotices } from './ShownNotices';

/**
 * A review queue's list and item pages: the one queue page and the one item page, drawn from the kind's
 * description, which loads with them as the section's own chunk.
 */
function reviewRoutes<Row extends ReviewSubmission, Item extends ReviewedItem<Row>>(
  path: string,
  loadKind: () => Promise<ReviewKind<Row, Item>>,
): RouteObject[] {
  return [
    {
      path,
      lazy: async () => {
        const [{ ReviewKindQueuePage }, kind] = await Promise.all([
          import('../features/review/ReviewQueuePage'),
          loadKind(),
        ]);
        return { element: <ReviewKindQueuePage kind={kind} /> };
      },
    },
    {
      path: `${path}/:id`,
      lazy: async () => {
        const [{ ReviewDetailPage }, kind] = await Promise.all([
          import('../features/review/ReviewDetailPage'),
          loadKind(),
        ]);
        return { element: <ReviewDetailPage kind={kind} /> };
      },
    },
  ];
}

/** Paths are relative to /admin, where the server serves the console. */
const router = createBrowserRouter(
  [
    { path: '/login', element: <Login /> },
    { path: '/enrol', element: <Enrol /> },
    {
      path: '/',
      element: <Shell />,
      children: [
        // Each section is its own chunk: an operator downloads only the screens their role opens.
        { path: 'users', lazy: async () => ({ Component: (await import('../features/users/Users')).Users }) },
        {
          path: 'users/:id',
          lazy: async () => ({ Component: (await import('../features/users/UserDetail')).UserDetail }),
        },
        ...reviewRoutes(
          'identity',
          async () => (await import('../features/identity/identityReview')).identityReview,
        ),
        ...reviewRoutes(
          'bank-cards',
          async () => (await import('../features/bank-cards/bankCardReview')).bankCardReview,
        ),
        ...reviewRoutes(
          'crypto-wallets',
          async () => (await import('../features/crypto-wallets/walletReview')).walletReview,
        ),
        {
          path: 'adjustments',
          lazy: async () => ({
            Component: (await import('../features/adjustments/Adjustments')).Adjustments,
          }),
        },
        {
          path: 'adjustment-proposals',
          lazy: async () => ({
            Component: (await import('../features/adjustments/AdjustmentProposals')).AdjustmentProposals,
          }),
        },
        {
          path: 'ledger',
          lazy: async () => ({ Component: (await import('../features/ledger/Ledger')).Ledger }),
        },
        ...reviewRoutes(
          'deposits',
          async () => (await import('../features/deposits/depositReview')).depositReview,
        ),
        ...reviewRoutes(
          'withdrawals',
          async () => (await import('../features/withdrawals/withdrawalReview')).withdrawalReview,
        ),
        {
          path: 'assets',
          lazy: async () => ({ Component: (await import('../features/assets/Assets')).Assets }),
        },
        {
          path: 'markets',
          lazy: async () => ({ Component: (await import('../features/markets/Markets')).Markets }),
        },
        {
          path: 'perpetuals',
          lazy: async () => ({
            Component: (await import('../features/perpetuals/Perpetuals')).Perpetuals,
          }),
        },
        {
          path: 'options',
          lazy: async () => ({ Component: (await import('../features/options/Options')).Options }),
        },
        {
          path: 'swap',
          lazy: async () => ({ Component: (await import('../features/swap/SwapDesk')).SwapDesk }),
        },
        {
          path: 'earn',
          lazy: async () => ({ Component: (await import('../features/earn/Earn')).Earn }),
        },
        {
          path: 'missions',
          lazy: async () => ({ Component: (await import('../features/missions/Missions')).Missions }),
        },
        {
          path: 'membership',
          lazy: async () => ({
            Component: (await import('../features/membership/Membership')).Membership,
          }),
        },
        {
          path: 'referral',
          lazy: async () => ({ Component: (await import('../features/referral/Referral')).Referral }),
        },
        {
          path: 'demo',
          lazy: async () => ({ Component: (await import('../features/demo/Demo')).Demo }),
        },
        {
          path: 'support',
          lazy: async () => ({
            Component: (await import('../features/support/SupportDesk')).SupportDesk,
          }),
        },
        {
          path: 'canned-replies',
          lazy: async () => ({
            Component: (await import('../features/support/CannedReplies')).CannedReplies,
          }),
        },
        {
          path: 'outbox',
          lazy: async () => ({ Component: (await import('../features/outbox/Outbox')).Outbox }),
        },
        {
          path: 'announcements',
          lazy: async () => ({
            Component: (await import('../features/announcements/Announcements')).Announcements,
          }),
        },
        {
          path: 'banners',
          lazy: async () => ({ Component: (await import('../features/banners/Banners')).Banners }),
        },
        {
          path: 'content',
          lazy: async () => ({ Component: (await import('../features/content/Content')).Content }),
        },
        {
          path: 'content/articles/:id',
          lazy: async () => ({
            Component: (await import('../features/content/ArticleEditor')).ArticleEditor,
          }),
        },
        {
          path: 'menus',
          lazy: async () => ({ Component: (await import('../features/menus/Menus')).Menus }),
        },
        { path: 'audit', lazy: async () => ({ Component: (await import('../features/audit/Audit')).Audit }) },
        {
          path: 'admins',
          lazy: async () => ({ Component: (await import('../features/admins/Admins')).Admins }),
        },
        {
          path: 'security',
          lazy: async () => ({ Component: (await import('../features/security/Security')).Security }),
        },
        // The shell sends an unknown path to the role's first page.
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

setNavigation((path) => void router.navigate(path, { replace: true }));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ShownNotices />
    </QueryClientProvider>
  );
}
