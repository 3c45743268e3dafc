import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, ofExhibitorInExhibition } from '../../auth/scope.ts';
import { exhibitor } from '../exhibitor/tables.ts';
import { product, productCategory, productEvaluation, productGroup } from './tables.ts';

/**
 * Products of the exhibitors the principal reaches: an exhibitor its own, a host its exhibitions',
 * the administrator all. Queries join `exhibitor` (only live ones count).
 */
export const productScope = (p: UserPrincipal): SQL =>
  and(isNull(product.deletedAt), isNull(exhibitor.deletedAt), ofExhibitorInExhibition(p, product.exhibitorId, product.exhibitionId))!;

/**
 * Products whose exhibitor is live, on the product row alone: the exhibitor is not among the deleted
 * ones (of the exhibition, when known), a hashed `not in` over the few rows of exhibitor_deleted_idx
 * instead of a lookup of every product's exhibitor.
 */
export const ofLiveExhibitor = (exhibitionId: string | undefined): SQL =>
  sql`${product.exhibitorId} not in (select ${exhibitor.id} from ${exhibitor} where ${exhibitor.deletedAt} is not null${exhibitionId ? sql` and ${exhibitor.exhibitionId} = ${exhibitionId}` : sql``})`;

/** productScope without the join, for lists that pick their ids from `product` alone. */
export const productRowScope = (p: UserPrincipal, exhibitionId: string | undefined): SQL =>
  and(isNull(product.deletedAt), ofLiveExhibitor(exhibitionId), ofExhibitorInExhibition(p, product.exhibitorId, product.exhibitionId))!;

/** Product categories of the exhibitions the principal reaches (an exhibitor its own exhibition's). */
export const productCategoryScope = (p: UserPrincipal): SQL => ofExhibition(p, productCategory.exhibitionId);

/** Evaluations of the products of the exhibitors the principal reaches. Queries join `exhibitor`. */
export const productEvaluationScope = (p: UserPrincipal): SQL =>
  and(isNull(productEvaluation.deletedAt), isNull(exhibitor.deletedAt), ofExhibitorInExhibition(p, productEvaluation.exhibitorId, productEvaluation.exhibitionId))!;

/** Product groups of the exhibitors the principal reaches (an exhibitor its own). */
export const productGroupScope = (p: UserPrincipal): SQL => ofExhibitorInExhibition(p, productGroup.exhibitorId, productGroup.exhibitionId);
