import { z } from 'zod';
import { cacheBuster, id, pageRequest } from './envelope.ts';
import { companyInvoice, invoiceType } from './exhibitor-services.ts';

/**
 * The host's service screens (issue 3, host area): the invoice list of an exhibition's exhibitors
 * (`POST /api/v3/companyinvoice/query`) and the brand topics in use (`GET /api/join/BrandTopics`). Journals, brand topics and corrections reuse the calls of
 * exhibitor-services.ts and exhibitor.ts. See docs/host-services.md.
 */

const text = (max: number) => z.string().trim().max(max);

/** The invoices of one exhibition's exhibitors, paged; `keyword` matches company name, invoice title or tax number. */
export const invoiceListQuery = pageRequest.extend({ exhibitionId: id, keyword: text(100).optional(), type: invoiceType.optional() });
/** One row: the exhibitor it belongs to and its company's invoice details. */
export const exhibitorInvoice = companyInvoice.extend({ id, exhibitorId: id, companyName: z.string(), boothInfo: z.string().nullable() });
export type ExhibitorInvoice = z.infer<typeof exhibitorInvoice>;

/** The brand topics (品牌专区) in use in one exhibition, with how many exhibitors each holds. */
export const brandTopicsQuery = z.object({ exhibitionId: id }).extend(cacheBuster.shape);
export const brandTopicCount = z.object({ pTopic: z.string(), count: z.number().int() });
export type BrandTopicCount = z.infer<typeof brandTopicCount>;
