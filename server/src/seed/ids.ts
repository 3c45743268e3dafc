/** Fixed ids of the demo data, so the README and the tests can name them. */
export const DEMO_EXHIBITION_ID = '00000000-0000-4000-a000-000000000001';
export const DEMO_HOST_ID = '00000000-0000-4000-a000-000000000101';
