import type { ConsultMessages } from './consult.zh-CN.ts';

/** English counterparts of consult.zh-CN.ts (same keys, checked by the type). */
export const consultEn: ConsultMessages = {
  consult: {
    route: { info: 'Visitor questions', audit: 'Question review' },
    intro: {
      info: 'Questions visitors asked the organiser on the exhibition site. Once answered the visitor sees the answer in "My questions"; approved, answered questions the visitor made public and you show appear in the site’s public Q&A.',
      audit: 'Visitor questions waiting for review. Approved (and answered) ones may appear in the public Q&A; the reason of a rejection is shown to the visitor.',
    },
    field: {
      visitor: 'Visitor',
      category: 'Category',
      question: 'Question',
      answered: 'Answered',
      isPublic: 'May be public',
      isShow: 'Shown',
      auditState: 'Review',
      createAt: 'Asked at',
      keyword: 'Keyword',
      dates: 'Asked between',
      answer: 'Answer',
      answeredAt: 'Answered at',
      contact: 'Contact',
      noContact: 'The visitor did not share contact details',
      submittedBy: 'Asked by',
    },
    category: { registration: 'Registration', tickets: 'Tickets', exhibiting: 'Exhibiting', visiting: 'Visiting', other: 'Other' },
    yes: 'Yes',
    no: 'No',
    action: { open: 'Read and answer', answer: 'Send answer', delete: 'Delete' },
    confirm: { delete: 'Delete this question?' },
    done: { answered: 'Answer sent', shown: 'Updated', deleted: 'Deleted' },
    answerRequired: 'Please enter the answer',
    drawerTitle: 'Question',
    export: 'Export questions',
    exported: 'Export queued',
    noExhibition: 'Choose an exhibition first',
  },
};
