'use client';
// ApiReference: /v1/openapi.json rendered by Scalar. The document's own
// markers are mapped to what Scalar shows: `x-stability` becomes Scalar's
// stability badge, operations with `x-hideTryItPanel` lose the "Test Request"
// button (Scalar only has a global switch for it), and each server is listed
// by its name and URL. Scalar was chosen over Redoc (no try-it), Swagger UI and
// Stoplight Elements by axe: see docs/DASHBOARD.md, "Accessibility of /docs".
import { ApiReferenceReact } from '@scalar/api-reference-react';
import '@scalar/api-reference-react/style.css';
import './api-reference-theme.css';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

type Operation = Record<string, unknown> & { operationId?: string; deprecated?: boolean; description?: string };
type Server = { url: string; description?: string; name?: string };
type Document = { paths?: Record<string, Record<string, Operation>>; servers?: Server[] } & Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Scalar's reading of the document's markers, and the operations whose try-it panel is off. */
function adaptForScalar(document: Document): { document: Document; withoutTryIt: { method: string; path: string }[] } {
  const withoutTryIt: { method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const stability = operation['x-stability'];
      if (typeof stability === 'string' && !operation['x-scalar-stability']) operation['x-scalar-stability'] = stability;
      if (operation['x-hideTryItPanel'] === true) withoutTryIt.push({ method, path });
    }
  }
  // Scalar's server menu shows a server's `name` (OpenAPI 3.2), else only its URL;
  // a relative URL (the default: this very server) is shown resolved.
  for (const server of document.servers ?? []) {
    if (server.description) server.name = `${server.description}: ${new URL(server.url, window.location.href).href}`;
  }
  return { document, withoutTryIt };
}

/** CSS that hides the request button inside those operations' sections (Scalar ids end in "/METHOD/path"). */
function hideTryItCss(operations: { method: string; path: string }[]): string {
  return operations.map(({ method, path }) => `[id$="/${method.toUpperCase()}${path}" i] .show-api-client-button { display: none !important; }`).join('\n');
}

const DARK = '(prefers-color-scheme: dark)';
const prefersDark = () => window.matchMedia(DARK).matches;
function followColourScheme(onChange: () => void): () => void {
  const query = window.matchMedia(DARK);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function ApiReference() {
  const [loaded, setLoaded] = useState<{ document: Document; withoutTryIt: { method: string; path: string }[] }>();
  const [failure, setFailure] = useState<string>();
  const isDark = useSyncExternalStore(followColourScheme, prefersDark, () => false);

  useEffect(() => {
    fetch('/v1/openapi.json', { headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the server answered ${response.status}`);
        setLoaded(adaptForScalar((await response.json()) as Document));
      })
      .catch((error: Error) => setFailure(error.message));
  }, []);

  const configuration = useMemo(
    () =>
      loaded && {
        content: loaded.document,
        darkMode: isDark,
        forceDarkModeState: isDark ? ('dark' as const) : ('light' as const),
        hideDarkModeToggle: true,
        withDefaultFonts: false,
        hideClientButton: true,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never' as const,
        documentDownloadType: 'json' as const,
      },
    [loaded, isDark],
  );

  if (failure) {
    return (
      <p role="alert" className="p-8 text-sm text-red-700 dark:text-red-400">
        The API description at /v1/openapi.json could not be loaded ({failure}).
      </p>
    );
  }
  if (!configuration || !loaded) {
    return (
      <p role="status" className="p-8 text-sm text-zinc-600 dark:text-zinc-400">
        Loading the API reference…
      </p>
    );
  }
  return (
    <>
      <style>{hideTryItCss(loaded.withoutTryIt)}</style>
      <div id="scalar-reference">
        <ApiReferenceReact key={isDark ? 'dark' : 'light'} configuration={configuration} />
      </div>
    </>
  );
}
