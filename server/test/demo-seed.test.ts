import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditState } from '@pavilion/contract';
import { openDatabase, type Database } from '../src/db/client.ts';
import { auditRecord } from '../src/audit/tables.ts';
import { userAccount } from '../src/modules/account/tables.ts';
import { companyUser, exhibitor } from '../src/modules/company/tables.ts';
import { exhibitorCategory } from '../src/modules/exhibitor/tables.ts';
import { exhibitorJournal } from '../src/modules/journal/tables.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { DEMO_EXHIBITION_ID } from '../src/seed/ids.ts';

/** The demo data a person sees after `npm start`: categories on the exhibitors and a journal in the host's queue. */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: null });
  await seedDemo(database.db);
});
afterAll(() => database.close());

describe('demo seed (issue 3 part B)', () => {
  it('tags both demo exhibitors with categories and gives them booths', async () => {
    const joins = await database.db.select().from(exhibitor).where(eq(exhibitor.exhibitionId, DEMO_EXHIBITION_ID));
    expect(joins).toHaveLength(2);
    for (const j of joins) {
      expect(j.boothInfo).toMatch(/^[AB]\d-\d+$/);
      expect((await database.db.select().from(exhibitorCategory).where(eq(exhibitorCategory.exhibitorId, j.id))).length).toBeGreaterThan(0);
    }
  });

  it("puts exhibitor2's catalogue entry in the host's audit queue", async () => {
    const [ex2] = await database.db
      .select({ exhibitorId: exhibitor.id })
      .from(exhibitor)
      .innerJoin(companyUser, eq(companyUser.companyId, exhibitor.companyId))
      .innerJoin(userAccount, and(eq(userAccount.id, companyUser.userId), eq(userAccount.userName, 'exhibitor2')));
    const [journal] = await database.db.select().from(exhibitorJournal).where(eq(exhibitorJournal.exhibitorId, ex2!.exhibitorId));
    expect(journal).toMatchObject({ auditState: AuditState.Pending, compName: '上海智造设备有限公司' });
    const [record] = await database.db.select().from(auditRecord).where(and(eq(auditRecord.type, 'journal'), eq(auditRecord.targetId, journal!.id)));
    expect(record).toMatchObject({ state: AuditState.Pending, exhibitorId: ex2!.exhibitorId, title: '上海智造设备有限公司' });
  });
});
