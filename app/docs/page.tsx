// /docs: the API reference, rendered from /v1/openapi.json. Public, like the document itself.
import type { Metadata } from 'next';
import Link from 'next/link';
import { ApiReferenceLoader } from '@/components/api-reference-loader';
import { Brand } from '@/components/brand';
import { buttonClasses } from '@/components/ui/button';

export const metadata: Metadata = { title: 'API reference' };

export default function DocsPage() {
  return (
    <div className="min-h-dvh bg-white dark:bg-zinc-950">
      <header className="flex items-center justify-between gap-4 border-b border-zinc-200 px-4 py-3 md:px-6 dark:border-zinc-800">
        <div className="flex items-center gap-3">
          <Link href="/pets" className="rounded-lg" aria-label="Petstore dashboard">
            <Brand />
          </Link>
          <h1 className="text-sm font-normal text-zinc-600 dark:text-zinc-400">API reference</h1>
        </div>
        <Link href="/pets" className={buttonClasses('secondary', 'sm')}>
          Dashboard
        </Link>
      </header>
      {/* Not a <main>: Scalar renders the page's main landmark itself. */}
      <ApiReferenceLoader />
    </div>
  );
}
