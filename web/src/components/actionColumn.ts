import { Grid } from 'antd';

/** True below antd's `md` breakpoint: the phone layouts of the exhibitor's screens. */
export const usePhone = () => Grid.useBreakpoint().md !== true;

/**
 * Where a hand-built table's action column sits: fixed at the end from `md` up; on a phone a fixed column would cover
 * the data, so it scrolls with the rest (e2e/screens.e2e.ts checks no column lies under it).
 */
export const useActionColumnFixed = (): 'end' | undefined => (usePhone() ? undefined : 'end');
