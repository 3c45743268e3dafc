import { describe, expect, it } from 'vitest';
import { compileWords, firstHit, maskText } from './check.ts';

describe('sensitive-word matcher', () => {
  const m = compileWords([' 赌博 ', '赌博', '', 'BadWord', '法轮']);

  it('compiles nothing for an empty list', () => {
    expect(compileWords([])).toBeNull();
    expect(compileWords(['  ', ''])).toBeNull();
    expect(firstHit(null, '任何文字')).toBeNull();
  });

  it('finds the leftmost word as written, ignoring case and full-width forms', () => {
    expect(firstHit(m, '正常内容')).toBeNull();
    expect(firstHit(m, '这里有赌博和badword')).toBe('赌博');
    expect(firstHit(m, 'x ＢａｄＷｏｒｄ y')).toBe('ＢａｄＷｏｒｄ');
    expect(firstHit(m, 'BADWORD')).toBe('BADWORD');
  });

  it('masks every word with one star per character, keeping the rest (emoji included)', () => {
    expect(maskText(m!, '😀赌博😀BadWORD!')).toBe('😀**😀*******!');
    expect(maskText(m!, '没有问题')).toBe('没有问题');
  });
});
