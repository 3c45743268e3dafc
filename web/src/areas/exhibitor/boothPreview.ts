import type { CompanyStaff, ExhibitorSettings } from '@pavilion/contract';
import type { CompanyProfileView } from '../../api/companyProfile.ts';
import type { ExhibitorWithCompany } from '../../api/exhibitorPages.ts';

export interface BoothPreview {
  name: string;
  /** The other language's name, under the main one. */
  secondaryName: string | null;
  logo: string | null;
  banner: string | null;
  boothInfo: string | null;
  boothArea: string | null;
  categories: string[];
  welcome: string | null;
  video: string | null;
  introduction: string | null;
  address: string | null;
  /** Null when the exhibitor hides its contacts from visitors (`showContacts` false). */
  contacts: { person: string | null; phone: string | null; email: string | null; website: string | null } | null;
  /** Visitors see the booth page only once the join is approved. */
  joinApproved: boolean;
}

const pick = (en: boolean, zh: string | null | undefined, english: string | null | undefined) => (en ? english?.trim() || zh?.trim() : zh?.trim() || english?.trim()) || null;

/**
 * What a visitor's booth page shows, in the page's language with the other as fallback: the
 * lobby banner (else the join's banner), the lobby welcome and video, the company's profile, the
 * booth, the categories, and the contacts when shown (the default staff, else the company's).
 */
export function boothPreviewOf(input: { join: ExhibitorWithCompany; profile: CompanyProfileView | null; settings: ExhibitorSettings | null; contact: CompanyStaff | null; en: boolean }): BoothPreview {
  const { join, profile, settings, contact, en } = input;
  const x = join.exhibitor;
  const c = join.company;
  const name = pick(en, c.name, c.nameEn) ?? c.name;
  const other = en ? c.name : c.nameEn;
  const showContacts = settings?.showContacts ?? true;
  return {
    name,
    secondaryName: other && other !== name ? other : null,
    logo: profile?.logo ?? c.logo ?? null,
    banner: settings?.lobbyBanner || x.banner || null,
    boothInfo: x.boothInfo,
    boothArea: x.boothArea,
    categories: x.categories.map((cat) => pick(en, cat.name, cat.nameEn) ?? cat.name),
    welcome: pick(en, settings?.lobbyWelcome, settings?.lobbyWelcomeEn),
    video: settings?.lobbyVideo || null,
    introduction: pick(en, profile?.introduction, profile?.introductionEn),
    address: profile?.address ?? c.address ?? null,
    contacts: showContacts
      ? {
          person: contact ? [contact.name, contact.position].filter(Boolean).join(' · ') : null,
          phone: contact?.phoneNumber || profile?.phone || null,
          email: contact?.email || profile?.email || null,
          website: profile?.website || null,
        }
      : null,
    joinApproved: x.auditState === 1,
  };
}
