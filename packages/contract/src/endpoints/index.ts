import { adjustmentsEndpoints } from './adjustments';
import { adminEndpoints } from './admin';
import { adminOutboxEndpoints } from './admin-outbox';
import { adminUsersEndpoints } from './admin-users';
import { authEndpoints } from './auth';
import { bannersEndpoints } from './banners';
import { contentEndpoints } from './content';
import { demoEndpoints } from './demo';
import { depositsEndpoints } from './deposits';
import { earnEndpoints } from './earn';
import { futuresEndpoints } from './futures';
import { healthEndpoints } from './health';
import { identityEndpoints } from './identity';
import { ledgerEndpoints } from './ledger';
import { marketsEndpoints } from './markets';
import { membershipEndpoints } from './membership';
import { menusEndpoints } from './menus';
import { messagesEndpoints } from './messages';
import { missionsEndpoints } from './missions';
import { networksEndpoints } from './networks';
import { optionsEndpoints } from './options';
import { payoutAccountsEndpoints } from './payout-accounts';
import { profileEndpoints } from './profile';
import { referralEndpoints } from './referral';
import { spotEndpoints } from './spot';
import { supportEndpoints } from './support';
import { swapEndpoints } from './swap';
import { uploadsEndpoints } from './uploads';
import { usersEndpoints } from './users';
import { walletEndpoints } from './wallet';
import { withdrawalsEndpoints } from './withdrawals';

/** Every endpoint of the API, by operationId: the server registers its routes from it, clients call through it. */
export const endpoints = {
  ...adjustmentsEndpoints,
  ...adminEndpoints,
  ...adminOutboxEndpoints,
  ...adminUsersEndpoints,
  ...authEndpoints,
  ...bannersEndpoints,
  ...contentEndpoints,
  ...demoEndpoints,
  ...depositsEndpoints,
  ...earnEndpoints,
  ...missionsEndpoints,
  ...membershipEndpoints,
  ...menusEndpoints,
  ...referralEndpoints,
  ...futuresEndpoints,
  ...healthEndpoints,
  ...identityEndpoints,
  ...ledgerEndpoints,
  ...marketsEndpoints,
  ...messagesEndpoints,
  ...networksEndpoints,
  ...optionsEndpoints,
  ...payoutAccountsEndpoints,
  ...profileEndpoints,
  ...spotEndpoints,
  ...supportEndpoints,
  ...swapEndpoints,
  ...uploadsEndpoints,
  ...usersEndpoints,
  ...walletEndpoints,
  ...withdrawalsEndpoints,
};

export type Endpoints = typeof endpoints;
export type OperationId = keyof Endpoints;
