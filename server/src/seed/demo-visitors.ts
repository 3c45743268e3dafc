import { AuditState, FormType, Role } from '@pavilion/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { userAccount } from '../modules/account/tables.ts';
import { category } from '../modules/category/tables.ts';
import { formWrite } from '../modules/form/tables.ts';
import { issueTicket } from '../modules/member/ticket.ts';
import { member } from '../modules/member/tables.ts';
import { DEMO_EXHIBITION_ID, DEMO_HOST_ID } from './ids.ts';

/** The mobile of demo visitor `visitor<n>`. */
export const demoVisitorPhone = (n: number) => `1390000000${n}`;

/**
 * Issue 11: four registered visitors of the demo exhibition (logins `visitor1`…`visitor4`, mobiles
 * 1390000000N, e-mails visitorN@example.com, the demo password), with their registration answers:
 * three on the Chinese form (one approved, two pending), one on the English form (pending).
 */
export async function seedDemoVisitors(tx: Tx, passwordHash: string) {
  const cats = await tx.select({ id: category.id }).from(category).where(and(eq(category.hostId, DEMO_HOST_ID), isNull(category.deletedAt), eq(category.level, 1))).orderBy(category.showIndex).limit(2);
  const interest = cats.map((c) => c.id);
  const visitors = [
    { n: 1, name: '王小明', company: '星河贸易有限公司', jobTitle: '采购经理', lang: 'zh', state: AuditState.Pending, city: ['浙江省', '杭州市', '西湖区'] },
    { n: 2, name: '李华', company: '南方电子有限公司', jobTitle: '技术总监', lang: 'zh', state: AuditState.Approved, city: ['广东省', '深圳市', '南山区'] },
    { n: 3, name: 'Emily Carter', company: 'Carter Imports Ltd.', jobTitle: 'Buyer', lang: 'en', state: AuditState.Pending, city: ['United Kingdom'] },
    { n: 4, name: '陈静', company: '北辰传媒', jobTitle: '记者', lang: 'zh', state: AuditState.Pending, city: ['北京市', '朝阳区'] },
  ];
  for (const v of visitors) {
    const phoneNumber = demoVisitorPhone(v.n);
    const email = `visitor${v.n}@example.com`;
    const [user] = await tx.insert(userAccount).values({ userName: `visitor${v.n}`, name: v.name, role: Role.Visitor, passwordHash, phoneNumber, email }).returning();
    const approved = v.state === AuditState.Approved;
    const [row] = await tx.insert(member).values({
      exhibitionId: DEMO_EXHIBITION_ID,
      userId: user!.id,
      lang: v.lang,
      name: v.name,
      phoneNumber,
      email,
      company: v.company,
      jobTitle: v.jobTitle,
      auditState: v.state,
      auditedAt: approved ? new Date() : null,
    }).returning();
    if (approved) await issueTicket(tx, row!.id);
    const answers =
      v.lang === 'en'
        ? { name: v.name, email, company: v.company, jobTitle: v.jobTitle, mobile: phoneNumber, region: v.city, interest }
        : { name: v.name, mobile: phoneNumber, email, company: v.company, jobTitle: v.jobTitle, city: v.city, interest };
    await tx.insert(formWrite).values({ userId: user!.id, itemId: DEMO_EXHIBITION_ID, exhibitionId: DEMO_EXHIBITION_ID, formType: v.lang === 'en' ? FormType.VisitorEn : FormType.VisitorZh, answers });
  }
}
