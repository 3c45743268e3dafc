import type { FieldError } from '@pavilion/contract';
import { ApiError } from '../api/errors.ts';
import { i18n } from '../i18n/index.ts';

/** The text to show for a failure, in the person's language. No antd here: the login pages use it too. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.network) return i18n.t('error.network');
    return error.description || i18n.t('error.unknown');
  }
  return i18n.t('error.unknown');
}

/** A server field error's text: the server may repeat the field's name as its message; then the description says it. */
export const fieldErrorText = (e: FieldError, description: string) => (e.message && e.message !== e.field ? e.message : description);
