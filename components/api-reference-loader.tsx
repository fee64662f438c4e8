'use client';
// Loads the API reference (Scalar, a large bundle) in the browser only, and only on /docs.
import dynamic from 'next/dynamic';

export const ApiReferenceLoader = dynamic(() => import('./api-reference').then((module) => module.ApiReference), {
  ssr: false,
  loading: () => (
    <p role="status" className="p-8 text-sm text-zinc-600 dark:text-zinc-400">
      Loading the API reference…
    </p>
  ),
});
