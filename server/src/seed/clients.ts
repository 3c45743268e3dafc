import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { oauthClient } from '../modules/account/tables.ts';

/** The OAuth clients come from configuration; their rows follow it at every start. */
export async function ensureClients(db: Executor, config: Config) {
  const wanted = [
    { id: config.webClient.id, name: 'Pavilion web', secret: config.webClient.secret, grantTypes: ['password', 'refresh_token'] },
    { id: config.settledClient.id, name: 'Exhibitor settling', secret: config.settledClient.secret, grantTypes: ['client_credentials'] },
  ];
  for (const c of wanted) {
    const [row] = await db.select().from(oauthClient).where(eq(oauthClient.id, c.id));
    if (row && (await verifyPassword(c.secret, row.secretHash)) && row.grantTypes.join() === c.grantTypes.join()) continue;
    const secretHash = await hashPassword(c.secret);
    await db
      .insert(oauthClient)
      .values({ id: c.id, name: c.name, secretHash, grantTypes: c.grantTypes })
      .onConflictDoUpdate({ target: oauthClient.id, set: { name: c.name, secretHash, grantTypes: c.grantTypes } });
  }
}
