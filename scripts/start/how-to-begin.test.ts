import { describe, expect, it } from 'vitest';
import { DEMO_OWNER } from '../seed/create-demo-owner';
import { describeHowToBegin } from './how-to-begin';

const base = { siteUrl: 'http://localhost:3000', dataDir: '/srv/coursepack/data' };

describe('describeHowToBegin', () => {
  it('tells a fresh install how to sign in as the demo owner and where mail went', () => {
    const lines = describeHowToBegin({ ...base, env: {}, demoOwnerSignsIn: true });
    expect(lines[0]).toBe('Coursepack is up: http://localhost:3000');
    expect(lines[1]).toContain('http://localhost:3000/sign-in');
    expect(lines[1]).toContain(`${DEMO_OWNER.email} / ${DEMO_OWNER.password}`);
    expect(lines[2]).toContain('/srv/coursepack/data/outbox');
    expect(lines[2]).toContain('npm run outbox');
  });

  it('never advertises the published password in production, nor once it was changed', () => {
    for (const [env, demoOwnerSignsIn] of [
      [{ NODE_ENV: 'production' }, true],
      [{}, false],
    ] as const) {
      const lines = describeHowToBegin({ ...base, env, demoOwnerSignsIn });
      expect(lines.join('\n')).not.toContain(DEMO_OWNER.password);
    }
  });

  it('says nothing of the outbox when a mail server is configured', () => {
    const lines = describeHowToBegin({
      ...base,
      env: { SMTP_URL: 'smtp://mail.example.org' },
      demoOwnerSignsIn: true,
    });
    expect(lines.join('\n')).not.toContain('outbox');
  });
});
