import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client.ts';
import { messageOutbox } from './tables.ts';

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

export function createMessenger(driver: MessageDriver) {
  return {
    driver: driver.name,
    async send(db: Executor, message: OutgoingMessage): Promise<boolean> {
      await db.insert(messageOutbox).values({
        channel: message.channel,
        recipient: message.recipient,
        subject: message.subject ?? null,
        body: message.body,
        driver: driver.name,
      });
      try {
        await driver.deliver(message);
        return true;
      } catch {
        return false;
      }
    },
  };
}
export type Messenger = ReturnType<typeof createMessenger>;
