import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isProduction, parseEnv, sensitive } from './parse-env';
import { port } from './rules';
import { problemsOf } from './testing/problems-of';

describe('parseEnv', () => {
  const shape = {
    PORT: port(80),
    NAME: z
      .string({ error: 'is required' })
      .regex(/^[a-z]+$/, 'must be lower-case letters')
      .min(3, 'is too short'),
    TOKEN: sensitive(z.string().min(8, 'must be at least 8 characters').optional()),
  };

  it('reads trimmed values and applies defaults to unset and blank variables', () => {
    expect(parseEnv({ PORT: ' 8080 ', NAME: 'abc' }, shape)).toEqual({
      PORT: 8080,
      NAME: 'abc',
      TOKEN: undefined,
    });
    expect(parseEnv({ PORT: '  ', NAME: 'abc', TOKEN: '' }, shape).PORT).toBe(80);
  });

  it('reports every bad variable, one line each, naming it and showing what it got', () => {
    expect(problemsOf(() => parseEnv({ PORT: 'x', NAME: 'A1' }, shape))).toEqual([
      'PORT must be an integer between 1 and 65535 (got "x")',
      'NAME must be lower-case letters (got "A1")',
    ]);
  });

  it('says a required variable is missing without a "got"', () => {
    expect(problemsOf(() => parseEnv({}, shape))).toEqual(['NAME is required']);
  });

  it('never shows the value of a sensitive variable', () => {
    expect(problemsOf(() => parseEnv({ NAME: 'abc', TOKEN: 'hunter2' }, shape))).toEqual([
      'TOKEN must be at least 8 characters',
    ]);
  });

  it('adds the problems that span several variables after the per-variable ones', () => {
    expect(
      problemsOf(() =>
        parseEnv({ PORT: '0', NAME: 'abc' }, shape, ['A is required when B is set']),
      ),
    ).toEqual([
      'PORT must be an integer between 1 and 65535 (got "0")',
      'A is required when B is set',
    ]);
    expect(problemsOf(() => parseEnv({ NAME: 'abc' }, shape, ['only this']))).toEqual([
      'only this',
    ]);
  });
});

describe('isProduction', () => {
  it('is true for NODE_ENV=production only', () => {
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true);
    expect(isProduction({ NODE_ENV: ' production ' })).toBe(true);
    expect(isProduction({ NODE_ENV: 'development' })).toBe(false);
    expect(isProduction({})).toBe(false);
  });
});
