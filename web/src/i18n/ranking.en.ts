import type { RankingMessages } from './ranking.zh-CN.ts';

/** English counterparts of ranking.zh-CN.ts (same keys, checked by the type). */
export const rankingEn: RankingMessages = {
  ranking: {
    route: { hot: 'Ranking' },
    intro: 'The order of exhibitors and products on the visitor site: rules are compared in turn, the next only where the previous ties, then the id. The site follows saved rules at once; the preview below shows the top 20 under the saved rules, where the manual weight can be edited.',
    exhibitorRules: 'Exhibitor rules',
    productRules: 'Product rules',
    addRule: 'Add rule',
    up: 'Move up',
    down: 'Move down',
    remove: 'Remove',
    direction: { asc: 'Ascending', desc: 'Descending' },
    field: {
      showIndex: 'Sort number',
      topic: 'In a topic',
      brandTopic: 'In the brand topic',
      popularity: 'Popularity (views + likes + follows + shares)',
      likeCount: 'Likes',
      productCount: 'Products',
      newest: 'Joined',
      name: 'Name',
      views: 'Views',
      enquiries: 'Enquiries',
      weight: 'Manual weight',
    },
    save: 'Save rules',
    reset: 'Undo changes',
    previewExhibitors: 'Exhibitors (top 20)',
    previewProducts: 'Products (top 20)',
    col: { rank: 'Rank', name: 'Name', exhibitor: 'Exhibitor', views: 'Views', likes: 'Likes', enquiries: 'Enquiries', weight: 'Manual weight' },
    weightSaved: 'Weight saved',
    unsaved: 'The rules have unsaved changes; the preview still shows the saved order.',
  },
};
