import { ApiError } from '../../api/errors.ts';
import type { ContactKind } from '../../api/account.ts';
import type { MessageKey } from '../../i18n/index.ts';

/**
 * Part 1 §8, bind token failure: invalid_request means the contact is not registered (phone or
 * e-mail, shown in the page's language); any other failure is "binding failed, please retry".
 */
export function bindErrorMessage(error: unknown, kind: ContactKind): MessageKey {
  if (error instanceof ApiError && error.oauthError === 'invalid_request')
    return kind === 'phone' ? 'authBind.phoneNotRegistered' : 'authBind.emailNotRegistered';
  return 'authBind.failed';
}
