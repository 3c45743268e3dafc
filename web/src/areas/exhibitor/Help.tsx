import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Collapse, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { exhibitorPagesApi } from '../../api/exhibitorPages.ts';

const ITEMS = ['1', '2', '3', '4', '5'] as const;

/** `Help`: a short FAQ; opening an entry writes a help log (`POST /api/v3/helplogv3/exhibitor`) once per visit. */
export default function Help() {
  const { t } = useTranslation();
  const logged = useRef(new Set<string>());

  const onChange = (keys: string[]) => {
    for (const k of keys) {
      if (logged.current.has(k)) continue;
      logged.current.add(k);
      // A log is bookkeeping: its failure must not disturb the person reading the answer.
      exhibitorPagesApi.helpLog(t(`exPages.help.q${k as (typeof ITEMS)[number]}`), `${window.location.pathname}#${k}`).catch(() => logged.current.delete(k));
    }
  };

  return (
    <Space orientation="vertical" size="large" className="page">
      <Card variant="borderless" title={<Space><QuestionCircleOutlined />{t('exPages.route.help')}</Space>}>
        <Typography.Paragraph type="secondary">{t('exPages.help.intro')}</Typography.Paragraph>
        <Collapse
          data-testid="help-list"
          onChange={(k) => onChange(Array.isArray(k) ? k : [k])}
          items={ITEMS.map((k) => ({ key: k, label: t(`exPages.help.q${k}`), children: <Typography.Paragraph>{t(`exPages.help.a${k}`)}</Typography.Paragraph> }))}
        />
      </Card>
    </Space>
  );
}
