import type { IdentityProvider, MessageSender } from '../../adapters/types';
import type { Config } from '../../config';
import type { Db } from '../../db/database';

/** What the accounts services need; built once when the routes are registered, from the app's adapters. */
export interface AuthDeps {
  db: Db;
  config: Config;
  email: MessageSender;
  sms: MessageSender;
  /** Null when no identity provider is configured. */
  identity: IdentityProvider | null;
}
