/** Enquiry limits, apart from the schemas so that the visitor site's light pages can read them (light.ts). */
export const ENQUIRY_CONTENT_MAX = 1000;
export const ENQUIRY_REPLY_MAX = 1000;
/** A visitor's enquiries to one exhibitor within the window (429 EnquiryTooFrequent beyond). */
export const ENQUIRIES_PER_WINDOW = 5;
export const ENQUIRY_WINDOW_SECONDS = 600;
