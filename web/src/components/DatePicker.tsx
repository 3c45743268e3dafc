// The one place that imports antd's DatePicker; eslint.config.js forbids it everywhere else.
import { DatePicker as AntDatePicker, type DatePickerProps, type GetProps } from 'antd';
import type { KeyboardEvent } from 'react';

type RangePickerProps = GetProps<typeof AntDatePicker.RangePicker>;

/**
 * Enter in a picker confirms the typed date and nothing else: without this the browser's implicit
 * submission sends the surrounding form, e.g. a schedule saved with no end (issue 9 defect 4).
 * The picker still handles Enter itself; only the native default (form submission) is cancelled.
 */
function keepFormOnEnter<E extends HTMLElement>(own?: (event: KeyboardEvent<E>, preventDefault: () => void) => void) {
  return (event: KeyboardEvent<E>, preventDefault: () => void) => {
    if (event.key === 'Enter') event.preventDefault();
    own?.(event, preventDefault);
  };
}

export function DatePicker(props: DatePickerProps) {
  return <AntDatePicker {...props} onKeyDown={keepFormOnEnter(props.onKeyDown)} />;
}

export function RangePicker(props: RangePickerProps) {
  return <AntDatePicker.RangePicker {...props} onKeyDown={keepFormOnEnter(props.onKeyDown)} />;
}
