import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';
import { CODE_WAIT_SECONDS, useCountdown } from './light/useCountdown.ts';

export interface CodeButtonProps {
  /**
   * Sends the code and resolves with the server's result flag. Reject with antd's validation
   * error (from `form.validateFields`) to stop quietly: the form shows why.
   */
  send: () => Promise<boolean>;
  /** Seconds before another code may be asked for. */
  seconds?: number;
  disabled?: boolean;
  block?: boolean;
  size?: 'small' | 'middle' | 'large';
  testId?: string;
}

/** "Get code" with the resend countdown (part 1 §8 messages: sent / failed to send). */
export function CodeButton({ send, seconds = CODE_WAIT_SECONDS, disabled, block, size, testId = 'send-code' }: CodeButtonProps) {
  const { t } = useTranslation();
  const { left, busy, run } = useCountdown(seconds);

  const onClick = () =>
    run(async () => {
      try {
        const sent = await send();
        if (sent) feedback.message().success(t('code.sent'), MESSAGE_SECONDS);
        else feedback.message().error(t('code.failed'), MESSAGE_SECONDS);
        return sent;
      } catch (error) {
        showError(error);
        return false;
      }
    });

  return (
    <Button onClick={onClick} disabled={disabled || left > 0} loading={busy} block={block} size={size} data-testid={testId}>
      {left > 0 ? t('code.resend', { seconds: left }) : t('code.send')}
    </Button>
  );
}
