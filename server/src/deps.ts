import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { TokenSigner } from './auth/tokens.ts';
import type { SharedState } from './infra/kv.ts';
import type { Messenger } from './messaging/messenger.ts';
import type { Storage } from './storage/storage.ts';
import type { MediaDriver } from './media/driver.ts';

/** What every route and service may use, built once in app.ts (`app.deps`). Its own file so nothing imports app.ts for a type. */
export type Deps = {
  config: Config;
  db: Db;
  dbKind: Database['kind'];
  shared: SharedState;
  tokens: TokenSigner;
  messenger: Messenger;
  storage: Storage;
  /** Live rooms' ingest and URL signing (docs/live.md, "The stream"). */
  media: MediaDriver;
};
