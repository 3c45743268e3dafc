import { BoldOutlined, ClearOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnderlineOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../i18n/index.ts';

/** The editor's commands: `document.execCommand` names with their arguments. */
const COMMANDS: readonly { key: string; label: MessageKey; icon: ReactNode; command: string; arg?: string }[] = [
  { key: 'bold', label: 'exSvc.editor.bold', icon: <BoldOutlined />, command: 'bold' },
  { key: 'italic', label: 'exSvc.editor.italic', icon: <ItalicOutlined />, command: 'italic' },
  { key: 'underline', label: 'exSvc.editor.underline', icon: <UnderlineOutlined />, command: 'underline' },
  { key: 'h3', label: 'exSvc.editor.heading', icon: <strong>H</strong>, command: 'formatBlock', arg: 'h3' },
  { key: 'p', label: 'exSvc.editor.paragraph', icon: <span>P</span>, command: 'formatBlock', arg: 'p' },
  { key: 'ul', label: 'exSvc.editor.bulleted', icon: <UnorderedListOutlined />, command: 'insertUnorderedList' },
  { key: 'ol', label: 'exSvc.editor.numbered', icon: <OrderedListOutlined />, command: 'insertOrderedList' },
];

/** What the editor shows of stored HTML: sanitised, as everywhere HTML is rendered. */
export const editorHtml = (html: string | null | undefined) => DOMPurify.sanitize(html ?? '');

/**
 * A small rich-text editor (a contentEditable area with a toolbar) for the policy text. Its value is
 * HTML; the server keeps only allow-listed markup, so what is pasted from Word loses its styles there.
 */
export function RichTextEditor({ value, onChange, testId, label }: { value?: string; onChange?: (html: string) => void; testId?: string; label?: string }) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  // The DOM is the source while typing: only an outside change (load, reset) is written back into it.
  useEffect(() => {
    const el = area.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = editorHtml(value);
  }, [value]);

  const emit = () => onChange?.(area.current?.innerHTML ?? '');
  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const link = () => {
    const url = window.prompt(t('exSvc.editor.linkPrompt'), 'https://');
    if (url && /^(https?:|mailto:)/i.test(url.trim())) run('createLink', url.trim());
  };

  return (
    <div className="rich-text-editor" style={{ border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6 }}>
      <Space size={2} wrap style={{ padding: 4, borderBottom: '1px solid var(--ant-color-border, #d9d9d9)', width: '100%' }}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.key} title={t(c.label)}>
            <Button type="text" size="small" icon={c.icon} aria-label={t(c.label)} onMouseDown={(e) => e.preventDefault()} onClick={() => run(c.command, c.arg)} />
          </Tooltip>
        ))}
        <Tooltip title={t('exSvc.editor.link')}>
          <Button type="text" size="small" icon={<LinkOutlined />} aria-label={t('exSvc.editor.link')} onMouseDown={(e) => e.preventDefault()} onClick={link} />
        </Tooltip>
        <Tooltip title={t('exSvc.editor.clear')}>
          <Button type="text" size="small" icon={<ClearOutlined />} aria-label={t('exSvc.editor.clear')} onMouseDown={(e) => e.preventDefault()} onClick={() => run('removeFormat')} />
        </Tooltip>
      </Space>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        contentEditable
        suppressContentEditableWarning
        data-testid={testId}
        className="rich-text-area policy-html"
        style={{ minHeight: 200, maxHeight: 480, overflow: 'auto', padding: '8px 12px', outline: 'none' }}
        // New lines become paragraphs (<p>), not Chrome's default <div>s.
        onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
