import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trustedProxies } from './trusted-proxies';

// What request.ip (the key of every per-address rate limit) is for each TRUST_PROXY setting, when
// a client at 203.0.113.7 sends its own X-Forwarded-For through a proxy at 10.0.0.2 that appends
// (nginx's $proxy_add_x_forwarded_for), and when it reaches the server directly.
async function ipSeen(setting: number | string[], peer: string, forwardedFor: string) {
  const app = Fastify({ trustProxy: trustedProxies(setting) });
  app.get('/', (request) => request.ip);
  const res = await app.inject({
    url: '/',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return res.body;
}

const throughProxy = ['10.0.0.2', '198.51.100.1, 203.0.113.7'] as const;
const direct = ['203.0.113.7', '198.51.100.1'] as const;

describe('trustedProxies (TRUST_PROXY)', () => {
  it('off: the socket’s peer, whatever the header says', async () => {
    expect(await ipSeen(0, ...throughProxy)).toBe('10.0.0.2');
  });

  it('one proxy: the address the proxy appended, never one the client wrote', async () => {
    expect(await ipSeen(1, ...throughProxy)).toBe('203.0.113.7');
  });

  it('two proxies: two entries from the right', async () => {
    expect(await ipSeen(2, '10.0.0.2', '198.51.100.1, 203.0.113.7, 10.0.0.9')).toBe('203.0.113.7');
  });

  it('proxy addresses: entries believed only from those proxies, so a direct client is itself', async () => {
    expect(await ipSeen(['10.0.0.0/8'], ...throughProxy)).toBe('203.0.113.7');
    expect(await ipSeen(['10.0.0.0/8'], ...direct)).toBe('203.0.113.7');
  });
});
