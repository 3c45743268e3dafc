import { LockOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shell } from '../routes/types.ts';
import { useGate } from '../session/features.ts';
import { feedback, MESSAGE_SECONDS } from './feedback.tsx';
import { PageSpinner } from './PageSpinner.tsx';

/** What a gated screen shows without its feature (spec §6): the host is told to upgrade, the exhibitor to ask the organiser. */
export function NotOpened({ side }: { side: Exclude<Shell, 'admin'> }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      icon={<LockOutlined />}
      title={<span data-testid="not-opened">{t(side === 'host' ? 'gate.hostNotOpened' : 'gate.exhibitorNotOpened')}</span>}
      subTitle={t('gate.subTitle')}
    />
  );
}

/** A screen gated by a feature key (from the route table's `feature`). */
export function FeatureGate({ feature, side, children }: { feature: string; side: Exclude<Shell, 'admin'>; children: ReactNode }) {
  const gate = useGate(feature);
  if (gate === 'loading') return <PageSpinner />;
  if (gate === 'closed') return <NotOpened side={side} />;
  return <>{children}</>;
}

/**
 * An element that needs a feature: without it the click is blocked and "您还未开通此服务，请联系客服" is shown
 * for 2 seconds. `hide` leaves it out instead.
 */
export function Guarded({ feature, hide = false, children }: { feature: string; hide?: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const gate = useGate(feature);
  if (gate === 'open') return <>{children}</>;
  if (hide) return null;
  const block = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (gate === 'closed') feedback.message().warning(t('gate.notActivated'), MESSAGE_SECONDS);
  };
  return (
    <span className="guarded" data-gate={gate} onClickCapture={block}>
      {children}
    </span>
  );
}
