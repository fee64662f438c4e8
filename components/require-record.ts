// A record's page answers HTTP 404 when /v1 says the record does not exist.
import { notFound } from 'next/navigation';
import { ApiClientError } from '@/lib/client/api-client';

export async function requireRecord(lookup: () => Promise<unknown>): Promise<void> {
  try {
    await lookup();
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 404) notFound();
    // Any other failure (the API busy or down) is for the page's own view to
    // show, with a retry: the page still renders.
  }
}
