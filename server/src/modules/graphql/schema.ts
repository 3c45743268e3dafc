import { exhibitorCounters, PREVIEW_ACTIVITY_COUNT, PREVIEW_BUSINESS_COUNT, PREVIEW_EVALUATION_COUNT, PREVIEW_PRODUCT_COUNT } from '@pavilion/contract';

/**
 * The GraphQL schema: exhibitor previews (part 2 §3 "Exhibitor (as read through graphql)", the
 * fields that exist so far) and a host's categories. Names follow the REST answers.
 */
export const schema = /* GraphQL */ `
  scalar JSON

  type Query {
    "A page of exhibitors the caller reaches (a host's exhibitions', an exhibitor's own), by showIndex. pageSize 1–100, default 20."
    exhibitors(exhibitionId: ID, companyName: String, categoryId: ID, pageIndex: Int = 1, pageSize: Int = 20): ExhibitorPage!
    "One exhibitor the caller reaches; null with a NOT_FOUND error otherwise."
    exhibitor(id: ID!): Exhibitor
    "A host's categories (the caller's tenancy): all levels, or one level, or the children of parentId; by showIndex."
    categories(hostId: ID!, level: Int, parentId: ID): [Category!]!
  }

  type ExhibitorPage {
    pageIndex: Int!
    pageSize: Int!
    totalCount: Int!
    totalPages: Int!
    items: [Exhibitor!]!
  }

  type Exhibitor {
    id: ID!
    compId: ID!
    exhibitionId: ID!
    banner: String
    boothArea: String
    boothInfo: String
    topic: String
    topicStart: String
    topicEnd: String
    topicType: Int
    pTopic: String
    pTopicStart: String
    pTopicEnd: String
    pTopicType: Int
    "Category names joined by a comma (English names under the English header)."
    category: String
    categories: [Category!]!
    isPopularize: Boolean!
    isLiving: Boolean!
    ${exhibitorCounters.map((c) => `${c}: Int!`).join('\n    ')}
    isShow: Boolean!
    showIndex: Int!
    auditState: Int!
    createAt: String!
    company: Company!
    "The first ${PREVIEW_PRODUCT_COUNT} shown, approved products (part 2 §3); proCount counts them all."
    products: [ExhibitorProduct!]!
    "The first ${PREVIEW_ACTIVITY_COUNT} approved, shown, published activities, soonest first (part 2 §3); activityCount counts them all."
    activities: [ExhibitorActivity!]!
    "The newest ${PREVIEW_BUSINESS_COUNT} approved enquiries (part 2 §9); thinkCount counts them all (docs/matching.md)."
    businesses: [ExhibitorBusiness!]!
    "The newest ${PREVIEW_EVALUATION_COUNT} shown reviews of the exhibitor."
    newestEvaluates: [ExhibitorEvaluate!]!
  }

  type ExhibitorBusiness {
    id: ID!
    remark: String!
    isSample: Boolean!
  }

  type ExhibitorEvaluate {
    id: ID!
    content: String!
  }

  type ExhibitorActivity {
    id: ID!
    exhibitorId: ID!
    "The English title under the English header, when there is one."
    title: String!
    startAt: String!
    endAt: String!
  }

  type ExhibitorProduct {
    id: ID!
    exhibitorId: ID!
    "The English name under the English header, when there is one."
    name: String!
    "The pictures in order, as a JSON string (as the REST lists answer it)."
    banner: String!
    view3DUrl: String
  }

  type Company {
    id: ID!
    "The English name under the English header, when there is one."
    name: String!
    nameEn: String
    logo: String
    region: String
    address: String
  }

  type Category {
    id: ID!
    hostId: ID!
    "The English name under the English header, when there is one."
    name: String!
    nameEn: String
    shortName: String
    shortNameEn: String
    icon: String
    level: Int!
    parentId: ID
    showIndex: Int!
    banners: JSON
    createAt: String!
    updateAt: String!
    childrens: [Category!]!
  }
`;
