import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { zhCN } from './zh-CN.ts';
import { langOfPath } from './index.ts';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
  Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [[prefix + key, value]] : Object.entries(flatten(value, `${prefix}${key}.`)),
    ),
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('message files', () => {
  const zh = flatten(zhCN);
  const english = flatten(en as Tree);

  it('have the same keys', () => {
    expect(Object.keys(english).sort()).toEqual(Object.keys(zh).sort());
  });

  it('have no empty message', () => {
    for (const [key, text] of [...Object.entries(zh), ...Object.entries(english)]) expect(text.trim(), key).not.toBe('');
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(zh)) expect(placeholders(english[key] ?? ''), key).toEqual(placeholders(zh[key]!));
  });

  it('carry the spec’s fixed sentences', () => {
    expect(zh['error.unauthorized']).toBe('授权过期，请重新登录');
    expect(zh['code.sent']).toBe('验证码已发送');
    expect(english['code.sent']).toBe('Send successful');
    expect(zh['code.failed']).toBe('验证码发送失败');
    expect(english['code.failed']).toBe('Failed to send');
  });
});

describe('langOfPath', () => {
  it.each([
    ['/ex-live-en/login/ex', 'en'],
    ['/ex-live-en/index/home', 'en'],
    ['/ex-live/index/home', 'zh-CN'],
    ['/live/index/home/home', 'zh-CN'],
    ['/admin/adminEx', 'zh-CN'],
    ['/', 'zh-CN'],
  ])('%s is %s', (path, lang) => expect(langOfPath(path)).toBe(lang));
});
