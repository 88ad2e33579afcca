'use client';

import { useRouter } from 'next/navigation';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { uploadAvatarContract } from '@/app/api/account/avatar/contract';
import { NAME_MAX_LENGTH } from '@/auth/account-field-limits';
import { authClient } from '@/auth/auth-client';
import { Field, TextField } from '@/components/forms/form-field';
import { callRoute } from '@/http/client';
import { FormMessage, PRIMARY_BUTTON } from './account-section';

const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

/** Name (better-auth's updateUser) and avatar (our upload route, stored by the media service). */
export function ProfileForm({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!avatar) return;
    const url = URL.createObjectURL(avatar);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [avatar]);

  function onAvatarChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    setMessage(null);
    if (file && file.size > AVATAR_MAX_BYTES) {
      setMessage({ ok: false, text: 'The avatar must be at most 10 MB.' });
      event.currentTarget.value = '';
      setAvatar(null);
      setPreview(null);
      return;
    }
    setAvatar(file);
    if (!file) setPreview(null);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newName = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!newName) {
      setMessage({ ok: false, text: 'Your name cannot be empty.' });
      return;
    }
    setPending(true);
    setMessage(null);
    if (newName !== name) {
      const result = await authClient.updateUser({ name: newName });
      if (result.error) {
        setMessage({ ok: false, text: result.error.message ?? 'Your name was not saved.' });
        setPending(false);
        return;
      }
    }
    if (avatar) {
      const form = new FormData();
      form.append('file', avatar);
      const uploaded = await callRoute(uploadAvatarContract, { form });
      if (!uploaded.ok) {
        setMessage({ ok: false, text: `Your avatar was not saved: ${uploaded.message}` });
        setPending(false);
        return;
      }
      setAvatar(null);
    }
    setMessage({ ok: true, text: 'Profile saved.' });
    setPending(false);
    router.refresh();
  }

  const shown = preview ?? avatarUrl;
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      <FormMessage message={message} />
      <div className="flex flex-wrap items-center gap-4">
        {shown ? (
          // biome-ignore lint/performance/noImgElement: a local preview (blob: URL), which next/image cannot load, or the media service's avatar, already sized
          <img
            src={shown}
            alt={preview ? 'Preview of your new avatar' : 'Your avatar'}
            width={80}
            height={80}
            className="h-20 w-20 rounded-full border border-slate-200 object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid h-20 w-20 place-items-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800"
          >
            {(name.trim()[0] ?? '?').toUpperCase()}
          </span>
        )}
        <Field
          id="avatar"
          label="Avatar"
          hint="JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. Shown as a circle."
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              onChange={onAvatarChange}
              className="block max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 hover:file:bg-brand-100"
            />
          )}
        </Field>
      </div>
      <TextField
        id="name"
        label="Name"
        className="max-w-md space-y-1"
        name="name"
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="name"
        defaultValue={name}
      />
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON}>
        {pending ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
