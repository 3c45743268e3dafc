import { describe, expect, it } from 'vitest';
import { publicBase } from './reply.ts';

describe('publicBase', () => {
  it('prefers PUBLIC_URL, else the request origin, never a trailing slash', () => {
    expect(publicBase('https://expo.example.com/', { origin: 'http://10.0.0.5:8080' })).toBe('https://expo.example.com');
    expect(publicBase('', { origin: 'http://10.0.0.5:8080' })).toBe('http://10.0.0.5:8080');
    expect(publicBase('', {})).toBe('');
  });
});
