import type { SocialProvider } from '@/components/auth/social-sign-in';
import type { WebConfig } from '@/config/web-config';

export function enabledSocialProviders(config: Pick<WebConfig, 'auth'>): SocialProvider[] {
  const providers: SocialProvider[] = [];
  if (config.auth.github) providers.push('github');
  if (config.auth.google) providers.push('google');
  return providers;
}
