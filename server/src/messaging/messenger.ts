import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { messageOutbox, smsAccount } from './tables.ts';

export type OutgoingMessage = { channel: 'sms' | 'email'; recipient: string; subject?: string; body: string };

/**
 * How SMS and e-mail leave the platform. Every driver records the message in the outbox table
 * first (the platform's own record, and what the SMS margin counts); the default `outbox`
 * driver stops there and logs it, so codes can be read locally.
 */
export interface MessageDriver {
  name: string;
  deliver(message: OutgoingMessage): Promise<void>;
}

export const outboxDriver = (log: FastifyBaseLogger): MessageDriver => ({
  name: 'outbox',
  async deliver(message) {
    log.info({ channel: message.channel, recipient: message.recipient, body: message.body }, 'message recorded in outbox');
  },
});

/**
 * Takes one SMS off the platform account's balance, in the caller's transaction. Answers false
 * when the account is metered and at 0; an account without a balance (none configured) is not metered.
 */
async function takeSmsCredit(db: Executor): Promise<boolean> {
  const taken = await db
    .update(smsAccount)
    .set({ balance: sql`${smsAccount.balance} - 1` })
    .where(and(eq(smsAccount.id, 'platform'), gt(smsAccount.balance, 0)))
    .returning({ balance: smsAccount.balance });
  if (taken.length) return true;
  const [account] = await db.select({ balance: smsAccount.balance }).from(smsAccount).where(eq(smsAccount.id, 'platform'));
  return account?.balance == null;
}

export function createMessenger(driver: MessageDriver) {
  return {
    driver: driver.name,
    /**
     * Records the message and hands it to the driver. An SMS counts one off the balance in the same
     * transaction; at 0 it is still recorded (status `noBalance`) but not delivered, and the answer
     * is false, as for a driver failure (status `failed`).
     */
    async send(db: Executor, message: OutgoingMessage): Promise<boolean> {
      const paid = message.channel !== 'sms' || (await takeSmsCredit(db));
      const [row] = await db
        .insert(messageOutbox)
        .values({
          channel: message.channel,
          recipient: message.recipient,
          subject: message.subject ?? null,
          body: message.body,
          driver: driver.name,
          status: paid ? 'sent' : 'noBalance',
        })
        .returning({ id: messageOutbox.id });
      if (!paid) return false;
      try {
        await driver.deliver(message);
        return true;
      } catch {
        await db.update(messageOutbox).set({ status: 'failed' }).where(eq(messageOutbox.id, row!.id));
        return false;
      }
    },
  };
}
export type Messenger = ReturnType<typeof createMessenger>;
