import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { exhibition } from '../exhibition/tables.ts';
import { member } from '../member/tables.ts';
import { getExhibitorSettings } from '../settings/service.ts';
import type { supplyDemand } from './tables.ts';

type Post = Pick<typeof supplyDemand.$inferSelect, 'exhibitionId' | 'exhibitorId' | 'userId' | 'title'>;

const text = {
  'zh-CN': (v: { exhibition: string; title: string; by: string }) => `【${v.exhibition}】${v.by} 评论了您的供需信息“${v.title}”，请登录查看。`,
  en: (v: { exhibition: string; title: string; by: string }) => `[${v.exhibition}] ${v.by} commented on your supply-and-demand post "${v.title}"; sign in to read it.`,
};
const subject = '您的供需信息有新评论';

/**
 * Tells a post's author of a new comment through the outbox (docs/matching.md "Supply and demand", notices): an
 * exhibitor's post its notice phone and e-mail while `enabledEnquiryNotice` is on (the same switch and contacts as
 * enquiries: the exhibitor's leads); a visitor's post the phone and e-mail of its registration. Nobody is told of
 * their own comment.
 */
export async function notifyPostAuthor(tx: Executor, messenger: Deps['messenger'], post: Post, comment: { userId: string | null; authorName: string }): Promise<void> {
  if (post.userId && post.userId === comment.userId) return;
  let phone: string | null = null;
  let email: string | null = null;
  if (post.exhibitorId) {
    const s = await getExhibitorSettings(tx, post.exhibitorId);
    if (!s.enabledEnquiryNotice) return;
    phone = s.noticePhoneNumber || null;
    email = s.noticeEmail || null;
  } else if (post.userId) {
    const [m] = await tx
      .select({ phone: member.phoneNumber, email: member.email })
      .from(member)
      .where(and(eq(member.exhibitionId, post.exhibitionId), eq(member.userId, post.userId)))
      .limit(1);
    phone = m?.phone ?? null;
    email = m?.email ?? null;
  }
  if (!phone && !email) return;
  const [exh] = await tx.select({ name: exhibition.name, nameEn: exhibition.nameEn }).from(exhibition).where(eq(exhibition.id, post.exhibitionId));
  const v = { exhibition: exh?.name ?? '', title: post.title, by: comment.authorName };
  const body = text['zh-CN'](v);
  if (phone) await messenger.send(tx, { channel: 'sms', recipient: phone, body });
  if (email) await messenger.send(tx, { channel: 'email', recipient: email, subject, body: `${body}\n\n${text.en({ ...v, exhibition: exh?.nameEn || v.exhibition })}` });
}
