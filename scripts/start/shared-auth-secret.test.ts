import { describe, expect, it } from 'vitest';
import { parseCollectorConfig } from '../../apps/collector/src/config';
import { parseWebConfig } from '../../apps/web/src/config/web-config';

const DATABASE_URL = 'postgres://user:pw@127.0.0.1:5432/coursepack';

// npm start hands the same environment to every service. The collector verifies the session
// cookies the web app signs (linking events to signed-in users), so both must end up with the
// same AUTH_SECRET — also when the operator leaves it unset and each falls back to the
// development default (@coursepack/config's, which both read).
describe('AUTH_SECRET shared by the web app and the collector', () => {
  it('is the same development default when unset', () => {
    const env = { DATABASE_URL };
    expect(parseCollectorConfig(env).authSecret).toBe(parseWebConfig(env).auth.secret);
  });

  it('is the operator’s value when set', () => {
    const env = { DATABASE_URL, AUTH_SECRET: 'an-operator-secret-of-at-least-32-chars' };
    expect(parseCollectorConfig(env).authSecret).toBe(env.AUTH_SECRET);
    expect(parseWebConfig(env).auth.secret).toBe(env.AUTH_SECRET);
  });
});
