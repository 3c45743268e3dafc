import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
import { showFormError } from '../../components/forms.ts';
import type { MessageKey } from '../../i18n/index.ts';

/** Deletes one item of a tab's list: the server's refusal shown, else `done` said and the list read again. */
export function useRemove(remove: (id: string) => Promise<unknown>, done: MessageKey, list: QueryKey) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (item: { id: string }) => {
    try {
      await remove(item.id);
      feedback.message().success(t(done), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: list });
    } catch (error) {
      showError(error);
    }
  };
}

/** Saves one item of a tab's list from its dialog: the server's field errors on the form, else `done` said, the list read again and the dialog closed. */
export function useSave(form: FormInstance, done: MessageKey, list: QueryKey, onClose: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const save = async (write: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await write();
      feedback.message().success(t(done), MESSAGE_SECONDS);
      await queryClient.invalidateQueries({ queryKey: list });
      onClose();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setSaving(false);
    }
  };
  return { saving, save };
}
