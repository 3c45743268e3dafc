import { count, sql } from 'drizzle-orm';
import { Role } from '@pavilion/contract';
import type { Db } from '../db/client.ts';
import { hashPassword } from '../auth/password.ts';
import { userAccount } from '../modules/account/tables.ts';
import { host, hostInUser } from '../modules/host/tables.ts';
import { exhibition } from '../modules/exhibition/tables.ts';
import { company, companyUser, exhibitor } from '../modules/company/tables.ts';
import { DEMO_EXHIBITION_ID, DEMO_HOST_ID } from './ids.ts';

export const DEMO_PASSWORD = 'pavilion';
export const DEMO_ACCOUNTS = [
  { userName: 'admin', role: Role.Admin },
  { userName: 'host', role: Role.Host },
  { userName: 'exhibitor', role: Role.Exhibitor },
  { userName: 'exhibitor2', role: Role.Exhibitor },
] as const;

export async function isEmpty(db: Db) {
  const [row] = await db.select({ n: count() }).from(userAccount);
  return (row?.n ?? 0) === 0;
}

/** Removes every row of the application's tables (not the migration history). */
export async function wipe(db: Db) {
  const result = await db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const names = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`);
  if (names.length) await db.execute(sql.raw(`truncate ${names.join(', ')} cascade`));
}

export async function seedDemo(db: Db) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const users = await tx
      .insert(userAccount)
      .values([
        { userName: 'admin', name: '平台管理员', role: Role.Admin, passwordHash },
        { userName: 'host', name: '演示主办方', role: Role.Host, passwordHash, phoneNumber: '13800000001' },
        { userName: 'exhibitor', name: '展商一', role: Role.Exhibitor, passwordHash, phoneNumber: '13800000002' },
        { userName: 'exhibitor2', name: '展商二', role: Role.Exhibitor, passwordHash, phoneNumber: '13800000003' },
      ])
      .returning();
    const byName = Object.fromEntries(users.map((u) => [u.userName, u]));
    await tx.insert(host).values({ id: DEMO_HOST_ID, name: 'Demo Organiser', nameEn: 'Demo Organiser', phoneNumber: '13800000001', ownerUserId: byName.host!.id });
    await tx.insert(hostInUser).values({ hostId: DEMO_HOST_ID, userId: byName.host!.id });
    await tx.insert(exhibition).values({
      id: DEMO_EXHIBITION_ID,
      hostId: DEMO_HOST_ID,
      name: '2026 数字贸易博览会',
      nameEn: 'Digital Trade Expo 2026',
      startAt: new Date('2026-12-01T01:00:00Z'),
      endAt: new Date('2026-12-05T09:00:00Z'),
    });
    const companies = await tx
      .insert(company)
      .values([
        { name: '杭州云展科技有限公司', nameEn: 'Hangzhou Cloud Expo Technology Co., Ltd.', region: '浙江省/杭州市/西湖区', address: '文三路 90 号' },
        { name: '上海智造设备有限公司', nameEn: 'Shanghai Smart Equipment Co., Ltd.', region: '上海市/浦东新区', address: '张江路 188 号' },
      ])
      .returning();
    await tx.insert(companyUser).values([
      { companyId: companies[0]!.id, userId: byName.exhibitor!.id },
      { companyId: companies[1]!.id, userId: byName.exhibitor2!.id },
    ]);
    await tx.insert(exhibitor).values(companies.map((c) => ({ exhibitionId: DEMO_EXHIBITION_ID, companyId: c.id })));
  });
}
