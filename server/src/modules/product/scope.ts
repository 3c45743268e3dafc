import { and, isNull, type SQL } from 'drizzle-orm';
import type { UserPrincipal } from '../../auth/principal.ts';
import { ofExhibition, reachableExhibitor } from '../../auth/scope.ts';
import { product, productCategory, productEvaluation } from './tables.ts';

/** Products of the exhibitors the principal reaches: an exhibitor its own, a host its exhibitions', the administrator all. */
export const productScope = (p: UserPrincipal): SQL => and(isNull(product.deletedAt), reachableExhibitor(p, product.exhibitorId))!;

/** Product categories of the exhibitions the principal reaches (an exhibitor its own exhibition's). */
export const productCategoryScope = (p: UserPrincipal): SQL => ofExhibition(p, productCategory.exhibitionId);

/** Evaluations of the products of the exhibitors the principal reaches. */
export const productEvaluationScope = (p: UserPrincipal): SQL => and(isNull(productEvaluation.deletedAt), reachableExhibitor(p, productEvaluation.exhibitorId))!;
