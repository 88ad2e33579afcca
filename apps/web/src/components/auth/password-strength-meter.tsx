'use client';

import { useEffect, useState } from 'react';
import type { PasswordRating } from '@/auth/password-strength';

const SEGMENTS = [1, 2, 3, 4];
const TONES = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-emerald-600', 'bg-emerald-600'];
/** Typing pauses this long before the password is rated. */
const RATE_AFTER_MS = 150;

function describeRating(rating: PasswordRating): string {
  if (!rating.acceptable) return rating.advice;
  return rating.score === 4 ? 'Very hard to guess: a good password.' : 'Hard enough to guess.';
}

/**
 * How hard the password being typed is to guess, as the server will judge it: a bar of four
 * and, under the bar the server accepts, its advice. The dictionaries (about 1 MB) load only
 * once someone types here, so no other page, nor this one before then, carries them.
 */
export function PasswordStrengthMeter({
  password,
  userInputs,
  quiet = false,
}: {
  password: string;
  userInputs: string[];
  /** Only the bar: the field's error already says what the advice would. */
  quiet?: boolean;
}) {
  const [rating, setRating] = useState<PasswordRating | null>(null);
  const inputs = userInputs.join('\n');

  useEffect(() => {
    if (password === '') {
      setRating(null);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const { personalWords, ratePassword } = await import('@/auth/password-strength');
      if (current) setRating(ratePassword(password, personalWords(...inputs.split('\n'))));
    }, RATE_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [password, inputs]);

  if (!rating) return null;
  return (
    <span className="mt-1 block space-y-1">
      <span className="flex gap-1" aria-hidden="true">
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={`h-1.5 flex-1 rounded-full ${Math.max(rating.score, 1) >= segment ? TONES[rating.score] : 'bg-slate-200'}`}
          />
        ))}
      </span>
      <span
        aria-live="polite"
        className={`block ${rating.acceptable ? 'text-emerald-800' : 'text-slate-700'}`}
      >
        {quiet ? null : describeRating(rating)}
      </span>
    </span>
  );
}
