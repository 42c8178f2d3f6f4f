import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router';
import { Login } from '../features/login/Login';
import { Enrol } from '../features/security/Enrol';
import { Shell } from '../features/shell/Shell';
import { queryClient, setNavigation } from './api';
import { ShownNotices } from './ShownNotices';

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
        {
          path: 'identity',
          lazy: async () => ({
            Component: (await import('../features/identity/IdentityQueue')).IdentityQueue,
          }),
        },
        {
          path: 'identity/:id',
          lazy: async () => ({
            Component: (await import('../features/identity/IdentityDetail')).IdentityDetail,
          }),
        },
        {
          path: 'bank-cards',
          lazy: async () => ({
            Component: (await import('../features/bank-cards/BankCardQueue')).BankCardQueue,
          }),
        },
        {
          path: 'bank-cards/:id',
          lazy: async () => ({
            Component: (await import('../features/bank-cards/BankCardDetail')).BankCardDetail,
          }),
        },
        {
          path: 'crypto-wallets',
          lazy: async () => ({
            Component: (await import('../features/crypto-wallets/WalletQueue')).WalletQueue,
          }),
        },
        {
          path: 'crypto-wallets/:id',
          lazy: async () => ({
            Component: (await import('../features/crypto-wallets/WalletDetail')).WalletDetail,
          }),
        },
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
        {
          path: 'deposits',
          lazy: async () => ({
            Component: (await import('../features/deposits/DepositQueue')).DepositQueue,
          }),
        },
        {
          path: 'deposits/:id',
          lazy: async () => ({
            Component: (await import('../features/deposits/DepositDetail')).DepositDetail,
          }),
        },
        {
          path: 'withdrawals',
          lazy: async () => ({
            Component: (await import('../features/withdrawals/WithdrawalQueue')).WithdrawalQueue,
          }),
        },
        {
          path: 'withdrawals/:id',
          lazy: async () => ({
            Component: (await import('../features/withdrawals/WithdrawalDetail')).WithdrawalDetail,
          }),
        },
        {
          path: 'assets',
          lazy: async () => ({ Component: (await import('../features/assets/Assets')).Assets }),
        },
        {
          path: 'markets',
          lazy: async () => ({ Component: (await import('../features/markets/Markets')).Markets }),
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
