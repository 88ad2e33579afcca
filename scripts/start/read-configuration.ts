import { type Env, parseEnv } from '@coursepack/config/parse-env';
import { secretVariables } from '@coursepack/config/shared-variables';
import { parseCollectorConfig } from '../../apps/collector/src/config';
import { parseMediaConfig } from '../../apps/media/src/config';
import { parseWebConfig } from '../../apps/web/src/config/web-config';
import { parseWorkerConfig } from '../../apps/worker/src/config';

// Stands in for DATABASE_URL while validating, when the embedded server will provide it.
const EMBEDDED_URL_PLACEHOLDER = 'postgres://embedded@127.0.0.1/coursepack';

/**
 * Without TRACKING_ALLOWED_ORIGINS, the collector accepts events from wherever this web app
 * is served, on whichever port it was given.
 */
function defaultAllowedOrigins(env: Env): string | undefined {
  if (env.TRACKING_ALLOWED_ORIGINS) return env.TRACKING_ALLOWED_ORIGINS;
  const port = env.WEB_PORT || '3000';
  const origins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  if (env.SITE_URL && URL.canParse(env.SITE_URL)) origins.unshift(new URL(env.SITE_URL).origin);
  return origins.join(',');
}

/**
 * What `npm start` runs every part with (DATA_DIR already absolute). Every variable of every
 * part is checked before anything starts; all problems are reported at once, each line once.
 */
export function readConfiguration(env: Env) {
  const problems: string[] = [];
  const attempt = <T>(parse: () => T): T | undefined => {
    try {
      return parse();
    } catch (error) {
      problems.push(...(error instanceof Error ? error.message : String(error)).split('\n'));
      return undefined;
    }
  };
  // Resolved once (generated into DATA_DIR on the first start) and handed to every part.
  const secrets = attempt(() => parseEnv(env, secretVariables(env)));
  const withDatabase = {
    ...env,
    ...secrets,
    DATABASE_URL: env.DATABASE_URL || EMBEDDED_URL_PLACEHOLDER,
    TRACKING_ALLOWED_ORIGINS: defaultAllowedOrigins(env),
  };
  const web = attempt(() => parseWebConfig(withDatabase));
  const media = attempt(() => parseMediaConfig(withDatabase));
  const collector = attempt(() => parseCollectorConfig(withDatabase));
  const worker = attempt(() => parseWorkerConfig(withDatabase));
  if (!secrets || !web || !media || !collector || !worker) {
    throw new Error([...new Set(problems)].join('\n'));
  }
  return {
    secrets,
    web,
    media,
    collector,
    worker,
    allowedOrigins: withDatabase.TRACKING_ALLOWED_ORIGINS,
  };
}
