import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Switch, type SwitchProps } from 'antd';
import { useState } from 'react';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';

export type ShowSwitchProps = Pick<SwitchProps, 'size' | 'checkedChildren' | 'unCheckedChildren'> & {
  checked: boolean;
  /** Saves the new state (the list's show/hide call). */
  save: (isShow: boolean) => Promise<unknown>;
  /** Refreshed after a save. */
  invalidate: readonly QueryKey[];
  /** What to say after a save; nothing when left out (the switch itself shows it). */
  saved?: (isShow: boolean) => string;
  'aria-label'?: string;
  'data-testid'?: string;
};

/** A row's show/hide switch, saved at once: busy while saving, the lists refreshed, a refusal said. */
export function ShowSwitch({ checked, save, invalidate, saved, ...props }: ShowSwitchProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Switch
      {...props}
      checked={checked}
      loading={busy}
      onChange={async (isShow) => {
        setBusy(true);
        try {
          await save(isShow);
          await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
          if (saved) feedback.message().success(saved(isShow), MESSAGE_SECONDS);
        } catch (error) {
          showError(error);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}
