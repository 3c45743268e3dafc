import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedback, MESSAGE_SECONDS, showError } from '../../components/feedback.tsx';
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
