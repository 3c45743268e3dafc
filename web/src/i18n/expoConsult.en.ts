import type { expoConsultZhCN } from './expoConsult.zh-CN.ts';

type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

/** English counterparts of expoConsult.zh-CN.ts. */
export const expoConsultEn: Messages<typeof expoConsultZhCN> = {
  consult: {
    nav: 'Ask the organiser',
    title: 'Ask the organiser',
    intro: 'Questions about registration, tickets, exhibiting or visiting: ask the organiser here.',
    ask: 'Ask a question',
    signIn: 'Sign in to ask',
    category: 'Category',
    categoryNone: 'Choose (optional)',
    categories: { registration: 'Registration', tickets: 'Tickets', exhibiting: 'Exhibiting', visiting: 'Visiting', other: 'Other' },
    question: 'Question',
    placeholder: 'Describe your question (5–1000 characters)',
    tooShort: 'The question needs at least 5 characters',
    isPublic: 'The organiser may show this question and its answer publicly',
    share: 'Share my contact details with the organiser',
    shareHint: 'If ticked, the organiser sees the name, phone and e-mail you registered with.',
    send: 'Send',
    cancel: 'Cancel',
    sent: 'Sent. Once reviewed and answered you will find it in "My questions"',
    failed: 'Could not send; please try again',
    qa: 'Questions and answers',
    empty: 'No public questions yet',
    more: 'Load more',
    answer: 'Organiser’s answer',
    mine: 'My questions',
    mineEmpty: 'You have not asked anything yet',
    noAnswer: 'Not answered yet',
    state: { pending: 'In review', approved: 'Approved', rejected: 'Not approved' },
    reason: 'Reason: {{reason}}',
    public: 'Public',
  },
};
