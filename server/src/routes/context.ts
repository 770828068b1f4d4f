import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import type { IdentityVerifier } from '../auth/identity';
import type { TeamPolicy } from '../auth/guard';
import type { MediaStorage } from '../storage/mediaStorage';
import type { CardPayments } from '../payments/cardPayments';

/** What every route module receives. */
export interface AppContext {
  config: ServerConfig;
  db: Database;
  verifier: IdentityVerifier;
  team: TeamPolicy;
  storage: MediaStorage;
  payments: CardPayments;
}
