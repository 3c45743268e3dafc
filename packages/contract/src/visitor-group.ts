import { z } from 'zod';
import { cacheBuster, id } from './envelope.ts';
import { httpUrl } from './url.ts';

/**
 * Visitor groups (issue 11, docs/visitor-groups.md): buyers, media, VIP … each with its own
 * registration link, form, invitation page, share card and share poster. Stored as settings rows of
 * the exhibition (type `SettingType.VisitorGroup`); the registration reads a group by id and its `needAudit`.
 */
export const VISITOR_GROUP_MAX = 50;

export const visitorGroup = z.object({
  id,
  name: z.string().trim().min(1).max(50),
  nameEn: z.string().trim().max(100).default(''),
  summary: z.string().trim().max(500).default(''),
  /** Registrations through this group's link wait for the host's approval. */
  needAudit: z.boolean().default(false),
  /** A closed group's link answers "function not open". */
  isOpen: z.boolean().default(true),
  showIndex: z.number().int().min(1),
});
export type VisitorGroup = z.infer<typeof visitorGroup>;

/** A group as the host sends it: no id for a new one (the server makes it); the order sent is the showIndex. */
export const visitorGroupInput = visitorGroup.omit({ id: true, showIndex: true }).extend({ id: id.optional(), showIndex: z.number().int().optional() });
export type VisitorGroupInput = z.input<typeof visitorGroupInput>;

export const visitorGroupsQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const visitorGroups = z.object({ exhibitionId: id, groups: z.array(visitorGroup) });
export type VisitorGroups = z.infer<typeof visitorGroups>;
export const putVisitorGroups = z.object({ groups: z.array(visitorGroupInput).max(VISITOR_GROUP_MAX) });
export type PutVisitorGroups = z.input<typeof putVisitorGroups>;

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);

/** The group's invitation page (the registration page's design): background and the content's distance from the top. */
export const groupInvitation = z.object({
  backgroundColor: color.default('#ffffff'),
  backgroundUrl: httpUrl(2000).default(''),
  topToContent: z.number().int().min(0).max(2000).default(0),
});
/** How a shared link of the group looks in chat apps. */
export const groupShare = z.object({
  title: z.string().trim().max(100).default(''),
  titleEn: z.string().trim().max(200).default(''),
  summary: z.string().trim().max(300).default(''),
  imageUrl: httpUrl(2000).default(''),
});
/** The share poster: a 750 × 1334 canvas with the background, the QR code of the registration link at (qrX, qrY), qrSize wide, and a caption under it. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;
export const groupSharePoster = z.object({
  backgroundUrl: httpUrl(2000).default(''),
  qrX: z.number().int().min(0).max(POSTER_WIDTH).default(225),
  qrY: z.number().int().min(0).max(POSTER_HEIGHT).default(880),
  qrSize: z.number().int().min(80).max(600).default(300),
  textColor: color.default('#333333'),
});

export const groupInvitationItem = groupInvitation.extend({ groupId: id });
export const groupShareItem = groupShare.extend({ groupId: id });
export const groupSharePosterItem = groupSharePoster.extend({ groupId: id });
export type GroupInvitation = z.infer<typeof groupInvitationItem>;
export type GroupShare = z.infer<typeof groupShareItem>;
export type GroupSharePoster = z.infer<typeof groupSharePosterItem>;

/** Answers: one item per current group, in the groups' order, defaults where never saved. */
export const groupInvitations = z.object({ exhibitionId: id, items: z.array(groupInvitationItem) });
export const groupShares = z.object({ exhibitionId: id, items: z.array(groupShareItem) });
export const groupSharePosters = z.object({ exhibitionId: id, items: z.array(groupSharePosterItem) });
/** Bodies: the items named are replaced whole (defaults for keys left out); other groups keep theirs. */
export const putGroupInvitations = z.object({ items: z.array(groupInvitationItem).min(1).max(VISITOR_GROUP_MAX) });
export const putGroupShares = z.object({ items: z.array(groupShareItem).min(1).max(VISITOR_GROUP_MAX) });
export const putGroupSharePosters = z.object({ items: z.array(groupSharePosterItem).min(1).max(VISITOR_GROUP_MAX) });
export type PutGroupInvitations = z.input<typeof putGroupInvitations>;
export type PutGroupShares = z.input<typeof putGroupShares>;
export type PutGroupSharePosters = z.input<typeof putGroupSharePosters>;

export const groupQrQuery = z.object({ exhibitionId: id, groupId: id, lang: z.enum(['zh', 'en']).default('zh') }).extend(cacheBuster.shape);

/** The visitor site's registration path of a group (docs/visitor-site.md): Chinese `/expo/…`, English `/expo-en/…`. */
export const groupRegisterPath = (exhibitionId: string, groupId: string, lang: 'zh' | 'en') => `/${lang === 'en' ? 'expo-en' : 'expo'}/${exhibitionId}/register?group=${groupId}`;
