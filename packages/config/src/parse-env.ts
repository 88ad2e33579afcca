import { z } from 'zod';

/** The environment as a process sees it, or as a test or `npm start` hands it over. */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * How one variable is read: its input is the variable's trimmed text, or undefined when it is
 * unset or blank (`FOO= npm start` means "not set" in every service). Its messages say what is
 * expected, without the variable's name or value: parseEnv adds both.
 */
export type Rule<Output = unknown> = z.ZodType<Output, string | undefined>;

const SENSITIVE = new WeakSet<Rule>();

/** A rule whose value never appears in a message: secrets, and URLs that carry a password. */
export function sensitive<R extends Rule>(rule: R): R {
  SENSITIVE.add(rule);
  return rule;
}

/** A variable's trimmed text, or undefined when it is unset or blank. */
export function variableText(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/** The production rules (secrets required) apply exactly when NODE_ENV is `production`. */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

/**
 * Reads every variable of `shape` from `env`. Throws one Error whose message has one line per
 * bad variable, `NAME what-is-expected (got "value")`, followed by `otherProblems` (rules that
 * span several variables): all of them at once, so a start-up names everything to fix.
 */
export function parseEnv<Shape extends Record<string, Rule>>(
  env: Env,
  shape: Shape,
  otherProblems: readonly string[] = [],
): z.output<z.ZodObject<Shape>> {
  const input = Object.fromEntries(
    Object.keys(shape).map((name) => [name, variableText(env, name)]),
  );
  const result = z.object(shape).safeParse(input);
  const lines = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0]);
    // A variable can break several checks; its first says what to fix.
    if (lines.has(name)) continue;
    const raw = env[name];
    const shown =
      input[name] === undefined || raw === undefined || SENSITIVE.has(shape[name] as Rule)
        ? ''
        : ` (got ${JSON.stringify(raw)})`;
    lines.set(name, `${name} ${issue.message}${shown}`);
  }
  const problems = [...lines.values(), ...otherProblems];
  if (!result.success || problems.length > 0) throw new Error(problems.join('\n'));
  return result.data;
}
