import type { expoReviewZhCN } from './expoReview.zh-CN.ts';

/** English counterparts of expoReview.zh-CN.ts. */
export const expoReviewEn: { review: { [K in keyof (typeof expoReviewZhCN)['review']]: string } } = {
  review: {
    title: 'Company reviews',
    average: '{{average}} stars',
    count: '{{count}} reviews',
    empty: 'No reviews yet: write the first one',
    write: 'Write a review',
    edit: 'Edit my review',
    mine: 'My review',
    hiddenMine: 'The organiser hid your review; only you can see it',
    stars: 'Rating',
    star: '{{n}} stars',
    tags: 'Tags',
    content: 'Review',
    placeholder: 'What did you think of this exhibitor? (up to 500 characters)',
    submit: 'Submit review',
    close: 'Close',
    saved: 'Review submitted',
    reply: 'Exhibitor’s reply: {{reply}}',
    signIn: 'Sign in to write a review',
    rateLimited: 'Too many submissions; try again shortly',
    failed: 'Could not submit; please try again',
    more: 'Load more',
  },
};
