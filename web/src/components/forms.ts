import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { i18n, type MessageKey } from '../i18n/index.ts';
import { ApiError } from '../api/errors.ts';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';
import { fieldErrorText } from './errorText.ts';

/** antd rules from the contract's own zod schema, so the form asks exactly what the server checks. */
export function contractRules(schema: z.ZodType, messages: { required: MessageKey; invalid?: MessageKey }): FormRule[] {
  return [
    { required: true, whitespace: true, message: i18n.t(messages.required) },
    {
      validator: async (_rule, value: unknown) => {
        if (value === undefined || value === null || value === '') return;
        if (!schema.safeParse(value).success) throw new Error(i18n.t(messages.invalid ?? messages.required));
      },
    },
  ];
}

/**
 * Shows a failed submit: field errors from the server go onto the form's fields (the server may
 * repeat the field's name as its message; then the description says it); anything else as a message.
 */
export function showFormError(form: FormInstance, error: unknown) {
  if (!(error instanceof ApiError) || error.handled || error.network) return showError(error);
  const known = new Set(form.getFieldsError().map((f) => f.name.join('.')));
  const onFields = error.errors.filter((e) => known.has(e.field));
  if (onFields.length === 0) {
    feedback.message().error(error.description || i18n.t('error.unknown'), MESSAGE_SECONDS);
    return;
  }
  form.setFields(onFields.map((e) => ({ name: e.field, errors: [fieldErrorText(e, error.description)] })));
}
