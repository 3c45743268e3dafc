import { Kind, parse, type DocumentNode, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { getComplexity, simpleEstimator, type ComplexityEstimator } from 'graphql-query-complexity';

/**
 * What one GraphQL request may ask for (docs/security.md "GraphQL limits"). The largest query the
 * web or a partner needs (a page of 100 exhibitors with company and categories) is about 1 kB,
 * 120 tokens, depth 4 and cost 5,500: every limit leaves room above that and far below the
 * thousand-alias query that used to run for seconds.
 */
export const GRAPHQL_LIMITS = {
  chars: 10_000,
  tokens: 2_000,
  aliases: 20,
  rootFields: 10,
  depth: 8,
  cost: 10_000,
  /** Requests per signed-in user and minute. */
  perMinute: 120,
} as const;

type LimitName = 'chars' | 'tokens' | 'aliases' | 'rootFields' | 'depth' | 'cost';
export type LimitBreach = { limit: LimitName; max: number; actual?: number };

/** A list field without its own page size counts as this many of its children. */
const LIST_GUESS = 10;

/**
 * A page argument multiplies what is below it; `items` of a page is already counted by the page
 * size; other lists (categories and their children) count as LIST_GUESS children.
 */
const pageEstimator: ComplexityEstimator = ({ args, field, childComplexity }) => {
  if (typeof args.pageSize === 'number') return 1 + Math.max(1, args.pageSize) * childComplexity;
  if (field.name === 'items') return 1 + childComplexity;
  if (/^\[/.test(String(field.type).replace(/!$/, ''))) return 1 + LIST_GUESS * childComplexity;
};

type Shape = { fields: number; aliases: number; depth: number };

/** Fields at this level, aliases below it (fragments counted as often as they are spread) and depth. */
function measure(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, memo: Map<string, Shape>, open: Set<string>): Shape {
  const out: Shape = { fields: 0, aliases: 0, depth: 0 };
  const add = (s: Shape) => {
    out.fields += s.fields;
    out.aliases += s.aliases;
    out.depth = Math.max(out.depth, s.depth);
  };
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      // Introspection's own nesting is fixed by the GraphQL specification and not counted.
      const below = sel.selectionSet && !sel.name.value.startsWith('__') ? measure(sel.selectionSet, fragments, memo, open) : null;
      add({ fields: 1, aliases: (sel.alias ? 1 : 0) + (below?.aliases ?? 0), depth: 1 + (below?.depth ?? 0) });
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      add(measure(sel.selectionSet, fragments, memo, open));
    } else {
      const name = sel.name.value;
      const def = fragments.get(name);
      if (!def || open.has(name)) continue; // unknown or cyclic: GraphQL validation refuses it
      let shape = memo.get(name);
      if (!shape) {
        open.add(name);
        shape = measure(def.selectionSet, fragments, memo, open);
        open.delete(name);
        memo.set(name, shape);
      }
      add(shape);
    }
  }
  return out;
}

/**
 * Checks a query against GRAPHQL_LIMITS before it runs: size first (no parsing), then tokens
 * (graphql-js stops parsing there), then the shape, then the cost of the operation that would run.
 * Answers the first limit passed, or the parsed document; a query that does not parse or validate
 * is left to mercurius, which answers the GraphQL error.
 */
export function checkQuery(
  schema: GraphQLSchema,
  query: string,
  variables: Record<string, unknown> | undefined,
  operationName: string | undefined,
): LimitBreach | null {
  if (query.length > GRAPHQL_LIMITS.chars) return { limit: 'chars', max: GRAPHQL_LIMITS.chars, actual: query.length };
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens });
  } catch (err) {
    if (/tokens\. Parsing aborted/.test((err as Error).message)) return { limit: 'tokens', max: GRAPHQL_LIMITS.tokens };
    return null;
  }
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const memo = new Map<string, Shape>();
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const shape = measure(def.selectionSet, fragments, memo, new Set());
    if (shape.aliases > GRAPHQL_LIMITS.aliases) return { limit: 'aliases', max: GRAPHQL_LIMITS.aliases, actual: shape.aliases };
    if (shape.fields > GRAPHQL_LIMITS.rootFields) return { limit: 'rootFields', max: GRAPHQL_LIMITS.rootFields, actual: shape.fields };
    if (shape.depth > GRAPHQL_LIMITS.depth) return { limit: 'depth', max: GRAPHQL_LIMITS.depth, actual: shape.depth };
  }
  let cost: number;
  try {
    cost = getComplexity({ schema, query: doc, variables, operationName, estimators: [pageEstimator, simpleEstimator({ defaultComplexity: 1 })] });
  } catch (err) {
    // A fragment spread over and over: more nodes than any honest query has.
    if (/maximum allowed number of nodes/i.test((err as Error).message)) return { limit: 'cost', max: GRAPHQL_LIMITS.cost };
    return null;
  }
  return cost > GRAPHQL_LIMITS.cost ? { limit: 'cost', max: GRAPHQL_LIMITS.cost, actual: cost } : null;
}
