import { describe, expect, it } from 'vitest';
import { boothPageUrl } from './links.ts';

const ids = { exhibitorId: '11111111-1111-4111-8111-111111111111', exhibitionId: '00000000-0000-4000-a000-000000000001' };
const ORIGIN = 'https://pavilion.example.com';
const url = (template: string | null) => boothPageUrl(template, ids, ORIGIN);

describe('boothPageUrl', () => {
  it('is null without a configured booth link or an exhibitor', () => {
    expect(url('')).toBeNull();
    expect(url('   ')).toBeNull();
    expect(url(null)).toBeNull();
    expect(boothPageUrl('https://expo.example.com/booth', { ...ids, exhibitorId: '' }, ORIGIN)).toBeNull();
  });

  it('puts the ids where the link says', () => {
    expect(url('https://expo.example.com/booth/{exhibitorId}')).toBe(`https://expo.example.com/booth/${ids.exhibitorId}`);
    expect(url('https://expo.example.com/{exhibitionId}/booth?id={id}')).toBe(`https://expo.example.com/${ids.exhibitionId}/booth?id=${ids.exhibitorId}`);
  });

  it('otherwise adds it as the id parameter, into the fragment for hash-router sites', () => {
    expect(url('https://expo.example.com/booth')).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
    expect(url('https://expo.example.com/booth?from=share')).toBe(`https://expo.example.com/booth?from=share&id=${ids.exhibitorId}`);
    expect(url('https://expo.example.com/booth?')).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
    expect(url('https://m.example.com/#/booth')).toBe(`https://m.example.com/#/booth?id=${ids.exhibitorId}`);
  });

  it('puts a path on this site and a bare host under https', () => {
    expect(url(' /booth ')).toBe(`${ORIGIN}/booth?id=${ids.exhibitorId}`);
    expect(url('expo.example.com/booth')).toBe(`https://expo.example.com/booth?id=${ids.exhibitorId}`);
  });
});
