import type { EvaluationMessages } from './evaluation.zh-CN.ts';

/** English counterparts of evaluation.zh-CN.ts (same keys, checked by the type). */
export const evaluationEn: EvaluationMessages = {
  evaluation: {
    tab: 'Company reviews',
    intro: 'What visitors say about your company. You can reply, edit or withdraw a reply; the organiser hides and deletes reviews.',
    keyword: 'Review text or author',
    action: 'Reviews',
    drawerTitle: 'Reviews of {{name}}',
    hostIntro: 'A hidden review no longer shows on the visitor site (its author still sees it); a deleted one cannot be restored (the operation log keeps its text).',
    rating: 'Rating',
    allRatings: 'All ratings',
    stars: '{{n}} stars',
    tags: {
      title: 'Evaluation tags',
      intro: 'Tags visitors may pick when reviewing an exhibitor, such as “Professional” or “Quick to respond”. Up to 20, each at most 20 characters.',
      placeholder: 'Type a tag and press Enter',
      save: 'Save tags',
      saved: 'Evaluation tags saved',
    },
  },
};
