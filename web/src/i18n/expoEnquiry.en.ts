import type { expoEnquiryZhCN } from './expoEnquiry.zh-CN.ts';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** English counterparts of expoEnquiry.zh-CN.ts. */
export const expoEnquiryEn: Messages<typeof expoEnquiryZhCN> = {
  enquiry: {
    button: 'Enquire',
    title: 'Send an enquiry',
    content: 'Your enquiry',
    placeholder: 'For example: wholesale price, minimum order, delivery time',
    sample: 'Request a sample',
    share: 'Share my contact details with the exhibitor',
    shareHint: 'If ticked, the exhibitor sees the name, mobile, e-mail and company you registered with; if not, it can only answer you here.',
    send: 'Send',
    sent: 'Sent. The exhibitor’s answer will show in “My enquiries”',
    pending: 'Sent. The exhibitor sees it once the organiser has reviewed it',
    signIn: 'Sign in to enquire',
    close: 'Close',
    failed: 'Could not send; please try again',
    mine: 'My enquiries',
    empty: 'You have not sent any enquiries yet',
    reply: 'Exhibitor’s answer',
    noReply: 'No answer yet',
    source: { booth: 'Booth', product: 'Product', live: 'Live' },
    state: { new: 'Sent', read: 'Read by the exhibitor', answered: 'Answered', closed: 'Closed' },
    audit: { pending: 'Awaiting review', rejected: 'Not approved' },
    sampleTag: 'Sample',
    more: 'More',
  },
};
