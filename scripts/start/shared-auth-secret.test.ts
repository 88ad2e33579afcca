import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCollectorConfig } from '../../apps/collector/src/config';
import { parseMediaConfig } from '../../apps/media/src/config';
import { parseWebConfig } from '../../apps/web/src/config/web-config';
import { parseWorkerConfig } from '../../apps/worker/src/config';

const DATABASE_URL = 'postgres://user:pw@127.0.0.1:5432/coursepack';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'coursepack-shared-secrets-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// The collector verifies the session cookies the web app signs (linking events to signed-in
// users), and the web app, the worker and the media service use one upload API: the parts of an
// installation must agree on their secrets, also when each is started alone (`npm run dev` of
// one app, a test) with nothing configured and takes the generated ones from DATA_DIR.
describe('secrets shared by the parts of one installation', () => {
  it('are the same generated ones for every part reading the same DATA_DIR', () => {
    const env = { DATABASE_URL, DATA_DIR: path.join(root, 'one') };
    const web = parseWebConfig(env);
    expect(parseCollectorConfig(env).authSecret).toBe(web.auth.secret);
    for (const { apiKey, apiSecret } of [parseMediaConfig(env), parseWorkerConfig(env).mediaApi]) {
      expect({ apiKey, apiSecret }).toEqual({
        apiKey: web.mediaApi.apiKey,
        apiSecret: web.mediaApi.apiSecret,
      });
    }
  });

  it('are never shared between installations', () => {
    const one = parseWebConfig({ DATABASE_URL, DATA_DIR: path.join(root, 'one') });
    const other = parseWebConfig({ DATABASE_URL, DATA_DIR: path.join(root, 'other') });
    expect(other.auth.secret).not.toBe(one.auth.secret);
    expect(other.mediaApi.apiKey).not.toBe(one.mediaApi.apiKey);
    expect(other.mediaApi.apiSecret).not.toBe(one.mediaApi.apiSecret);
  });

  it('are the operator’s value when set', () => {
    const env = {
      DATABASE_URL,
      DATA_DIR: path.join(root, 'one'),
      AUTH_SECRET: 'an-operator-secret-of-at-least-32-chars',
    };
    expect(parseCollectorConfig(env).authSecret).toBe(env.AUTH_SECRET);
    expect(parseWebConfig(env).auth.secret).toBe(env.AUTH_SECRET);
  });
});
