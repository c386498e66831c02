import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Messenger } from '../../sim/messaging';

/** What the accounts services need; built once when the routes are registered. */
export interface AuthDeps {
  db: Db;
  config: Config;
  messenger: Messenger;
}
