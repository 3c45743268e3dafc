import type { MessageKey } from '../../i18n/index.ts';

/** How an audit state shows on the exhibitor's pages: tag colour, label, alert type and hint. */
export interface AuditView {
  color: string;
  label: MessageKey;
  alert: 'info' | 'success' | 'warning' | 'error' | null;
  hint: MessageKey | null;
}

export function auditView(state: number | null | undefined): AuditView {
  switch (state) {
    case -3:
      return { color: 'default', label: 'exPages.audit.-3', alert: null, hint: null };
    case 0:
      return { color: 'processing', label: 'exPages.audit.0', alert: 'info', hint: 'exPages.pendingHint' };
    case 1:
      return { color: 'success', label: 'exPages.audit.1', alert: null, hint: null };
    case 2:
      return { color: 'error', label: 'exPages.audit.2', alert: 'error', hint: 'exPages.rejectedHint' };
    default:
      return { color: 'default', label: 'exPages.audit.none', alert: null, hint: null };
  }
}
