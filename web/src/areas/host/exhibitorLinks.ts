import { boothPageUrl } from '@pavilion/contract';

/** Links handed to exhibitors (admin/exhibitor-link, docs/host-exhibition.md "Exhibitor links"); the booth page rule is the contract's. */
export const boothLinkFor = boothPageUrl;

/** The rule in words, for the screen: the template with an example exhibitor id filled in. */
export const boothLinkExample = (template: string | null | undefined, exhibitionId: string, origin: string) =>
  boothLinkFor(template, { exhibitorId: 'EXHIBITOR_ID', exhibitionId }, origin);

/** The exhibition's exhibitor login (part 1 §2: `/ex-live/login/ex?id={exhibitionId}`, English under `/ex-live-en`). */
export const exhibitorLoginLink = (origin: string, exhibitionId: string, lang: 'zh-CN' | 'en' = 'zh-CN') =>
  `${origin}/${lang === 'en' ? 'ex-live-en' : 'ex-live'}/login/ex?id=${encodeURIComponent(exhibitionId)}`;

/** A file name for a QR code image: the exhibitor's name without characters file systems refuse. */
export const qrFileName = (name: string, kind: string) => `${name.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'qrcode'}-${kind}.png`;
