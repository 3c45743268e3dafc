import { i18n } from '../../i18n/index.ts';

/** A bilingual description in the page's language, the other one when that is empty. */
export const descriptionOf = (r: { description: string | null; descriptionEn: string | null }) =>
  (i18n.language === 'en' ? r.descriptionEn || r.description : r.description || r.descriptionEn) ?? '';
