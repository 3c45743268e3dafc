import { describe, expect, it } from 'vitest';
import { httpUrl, isSafeUrl, requiredUrl } from './url.ts';

describe('httpUrl: the one rule for stored addresses', () => {
  it.each([
    'https://example.com',
    'http://example.com:8080/a/b?c=d&e=f#g',
    'https://m.example.com/#/booth?id={id}',
    '/uploads/2026/11/0b5c3a8e-1111-4222-8333-444455556666.png',
    '/',
    '',
  ])('accepts %j', (v) => expect(isSafeUrl(v)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example.com/x',
    '/\\evil.example.com',
    'https://',
    'https:///path',
    'https://exa mple.com',
    'https://example.com/\u0000',
    'https://example.com\\@evil.com',
    'example.com/no-scheme',
    'ftp://example.com/f',
  ])('refuses %j', (v) => expect(isSafeUrl(v)).toBe(false));

  it('trims, bounds the length, and tells apart optional and required', () => {
    expect(httpUrl().parse('  https://example.com  ')).toBe('https://example.com');
    expect(httpUrl(20).safeParse('https://example.com/very-long').success).toBe(false);
    expect(httpUrl().safeParse('').success).toBe(true);
    expect(requiredUrl().safeParse('').success).toBe(false);
    const issue = httpUrl().safeParse('javascript:alert(1)').error!.issues[0]!;
    expect(issue.code).toBe('invalid_format');
  });
});
