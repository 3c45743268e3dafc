import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback, MESSAGE_SECONDS, showError } from './feedback.tsx';

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
export function CodeButton({ send, seconds = 60, disabled, block, size, testId = 'send-code' }: CodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    setSending(true);
    try {
      if (await send()) {
        feedback.message().success(t('code.sent'), MESSAGE_SECONDS);
        setLeft(seconds);
      } else {
        feedback.message().error(t('code.failed'), MESSAGE_SECONDS);
      }
    } catch (error) {
      showError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={onClick} disabled={disabled || left > 0} loading={sending} block={block} size={size} data-testid={testId}>
      {left > 0 ? t('code.resend', { seconds: left }) : t('code.send')}
    </Button>
  );
}
