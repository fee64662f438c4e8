'use client';
// NewKeyReveal: the one time a key is shown, with a copy button and a warning.
import { Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CreatedApiKey } from '@/lib/contract/api-keys';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';

export function NewKeyReveal({ apiKey, onDone }: { apiKey: CreatedApiKey; onDone: () => void }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const field = useRef<HTMLInputElement>(null);

  async function copyKey() {
    try {
      await navigator.clipboard.writeText(apiKey.key);
      setCopy('copied');
    } catch {
      // No clipboard (e.g. plain http on another host): select it for Ctrl+C instead.
      field.current?.select();
      setCopy('failed');
    }
  }

  return (
    <div className="space-y-4">
      <Notice tone="warning" title="Copy this key now">
        It is shown only this once and cannot be recovered. Anyone holding it can use the API with the {apiKey.scopes.at(-1)} scope.
      </Notice>
      <div className="space-y-1.5">
        <label htmlFor="new-api-key" className="block text-sm font-medium">
          API key “{apiKey.name}”
        </label>
        <div className="flex gap-2">
          <input
            ref={field}
            id="new-api-key"
            readOnly
            value={apiKey.key}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-lg border border-zinc-300 bg-zinc-50 px-3 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
          />
          <Button variant="secondary" onClick={copyKey}>
            {copy === 'copied' ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {copy === 'failed' ? 'Copying is blocked here: the key is selected, press Ctrl+C (⌘C).' : 'Send it as Authorization: Bearer <key>.'}
        </p>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>I have copied it</Button>
      </div>
    </div>
  );
}
