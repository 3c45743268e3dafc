import { eq, sql } from 'drizzle-orm';
import {
  cacheBuster,
  ok as okSchema,
  sensitiveWords,
  smsAccount as smsAccountSchema,
  smsMargin,
  systemSettings,
  updateSensitiveWordsBody,
  updateSmsAccountBody,
  updateSystemSettingsBody,
} from '@pavilion/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, ok } from '../../http/reply.ts';
import { smsAccount } from '../../messaging/tables.ts';
import { writeOpLog } from '../../oplog/oplog.ts';
import { sensitiveChanged } from '../../sensitive/check.ts';
import { maskKey, readSensitiveWords, readSmsAccount, readSystemSettings, SYSTEM_DEFAULTS, writeSetting } from './service.ts';

/** Platform settings (administrator): the system block, the SMS account and its margin, the sensitive words. */
export const systemSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ['system settings'];
  const admin = { permission: 'settings.system' } as const;

  app.get(
    '/api/v1/settings/system',
    { config: admin, schema: { summary: 'Platform settings: name, support contacts, ICP record, sensitive-word mode', tags, querystring: cacheBuster, response: { 200: okSchema(systemSettings) } } },
    async () => ok(await readSystemSettings(db)),
  );

  app.put(
    '/api/v1/settings/system',
    { config: admin, schema: { summary: 'Change platform settings (only the fields sent)', tags, body: updateSystemSettingsBody, response: { 200: okSchema(systemSettings) } } },
    async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      await db.transaction(async (tx) => {
        const { updateAt: _u, ...before } = await readSystemSettings(tx);
        await writeSetting(tx, 'system', { ...before, ...changes, platformName: changes.platformName ?? before.platformName ?? SYSTEM_DEFAULTS.platformName });
        await writeOpLog(tx, actorOf(request), { action: 'settings.system.update', targetType: 'setting', targetId: 'system', before, after: changes });
      });
      if ('sensitiveMode' in changes) await sensitiveChanged(app.deps, request.log);
      return ok(await readSystemSettings(db));
    },
  );

  app.get(
    '/api/v1/settings/system/smsaccount',
    { config: admin, schema: { summary: 'The platform SMS account; the key is masked', tags, querystring: cacheBuster, response: { 200: okSchema(smsAccountSchema) } } },
    async () => ok(await readSmsAccount(db)),
  );

  app.put(
    '/api/v1/settings/system/smsaccount',
    {
      config: admin,
      schema: {
        summary: 'Change the SMS account (only the fields sent). The key is changed only when sent unmasked; balance null stops metering',
        tags,
        body: updateSmsAccountBody,
        response: { 200: okSchema(smsAccountSchema) },
      },
    },
    async (request) => {
      const b = request.body;
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(smsAccount).where(eq(smsAccount.id, 'platform')).for('update');
        const keyChanged = b.accountKey !== undefined && b.accountKey !== maskKey(current?.accountKey ?? null);
        const values = Object.fromEntries(
          Object.entries({ provider: b.provider, signName: b.signName, accountId: b.accountId, balance: b.balance, ...(keyChanged ? { accountKey: b.accountKey || null } : {}) }).filter(
            ([, v]) => v !== undefined,
          ),
        );
        await tx
          .insert(smsAccount)
          .values({ id: 'platform', ...values })
          .onConflictDoUpdate({ target: smsAccount.id, set: { ...values, updatedAt: sql`now()` } });
        const shown = (v: typeof values) => ({ ...v, ...('accountKey' in v ? { accountKey: v.accountKey ? 'changed' : null } : {}) });
        await writeOpLog(tx, actorOf(request), {
          action: 'settings.smsAccount.update',
          targetType: 'setting',
          targetId: 'smsaccount',
          before: current ? { provider: current.provider, signName: current.signName, accountId: current.accountId, balance: current.balance } : null,
          after: shown(values),
        });
      });
      return ok(await readSmsAccount(db));
    },
  );

  app.get(
    '/api/v1/sms/margin',
    {
      config: { permission: 'sms.margin' },
      schema: { summary: 'Remaining SMS balance (null: not metered); every SMS sent counts one down', tags, querystring: cacheBuster, response: { 200: okSchema(smsMargin) } },
    },
    async () => ok({ margin: (await readSmsAccount(db)).balance }),
  );

  app.get(
    '/api/v1/settings/system/sensitives',
    { config: admin, schema: { summary: 'The sensitive-word list', tags, querystring: cacheBuster, response: { 200: okSchema(sensitiveWords) } } },
    async () => ok(await readSensitiveWords(db)),
  );

  app.put(
    '/api/v1/settings/system/sensitives',
    {
      config: admin,
      schema: {
        summary: 'Replace the sensitive-word list (trimmed, empty and repeated words dropped); every instance recompiles its matcher',
        tags,
        body: updateSensitiveWordsBody,
        response: { 200: okSchema(sensitiveWords) },
      },
    },
    async (request) => {
      const words = [...new Set(request.body.words.map((w) => w.trim()).filter(Boolean))];
      await db.transaction(async (tx) => {
        const before = (await readSensitiveWords(tx)).words;
        await writeSetting(tx, 'sensitives', { words });
        const added = words.filter((w) => !before.includes(w));
        const removed = before.filter((w) => !words.includes(w));
        await writeOpLog(tx, actorOf(request), {
          action: 'settings.sensitives.update',
          targetType: 'setting',
          targetId: 'sensitives',
          before: { count: before.length },
          after: { count: words.length, added: added.slice(0, 100), removed: removed.slice(0, 100) },
        });
      });
      await sensitiveChanged(app.deps, request.log);
      return ok(await readSensitiveWords(db));
    },
  );
};
