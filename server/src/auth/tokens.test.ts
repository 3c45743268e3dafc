import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenSigner } from './tokens.ts';

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('verifies a token again from memory with the same claims, until it expires', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T08:00:00Z'), toFake: ['Date'] });
    const signer = createTokenSigner('a secret of the test, long enough', 60);
    const token = await signer.sign({ sub: 'u1', sid: 's1', role: 1 });
    const first = await signer.verify(token);
    expect(first).toMatchObject({ sub: 'u1', sid: 's1', role: 1 });
    expect(await signer.verify(token)).toBe(first);
    vi.setSystemTime(new Date('2026-11-28T08:01:01Z'));
    expect(await signer.verify(token)).toBeNull();
  });

  it('refuses a token whose signature does not hold, even after the genuine one was remembered', async () => {
    const signer = createTokenSigner('a secret of the test, long enough', 60);
    const token = await signer.sign({ sub: 'u1', sid: 's1', role: 1 });
    expect(await signer.verify(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'u2', sid: 's1', role: 2, iss: 'pavilion', exp: 9_999_999_999 })).toString('base64url')}.${signature}`;
    expect(await signer.verify(forged)).toBeNull();
    expect(await createTokenSigner('another secret, long enough too', 60).verify(token)).toBeNull();
  });
});
