import { describe, expect, it } from 'vitest';
import { safeHref } from './safeUrl.ts';

describe('safeHref', () => {
  it('keeps http(s) and site-relative addresses', () => {
    expect(safeHref(' https://expo.example.com/a?b=c ')).toBe('https://expo.example.com/a?b=c');
    expect(safeHref('/uploads/2026/11/x.pdf')).toBe('/uploads/2026/11/x.pdf');
  });
  it('drops every other scheme and protocol-relative addresses', () => {
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'data:text/html,x', '//evil.example.com', '/\\evil.example.com', '', null, undefined])
      expect(safeHref(bad)).toBeNull();
  });
});
