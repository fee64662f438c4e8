// LoadError: a list or record that could not be loaded, why, and a retry.
import { RotateCw } from 'lucide-react';
import { plainMessage } from './form-errors';
import { Button } from './ui/button';
import { Notice } from './ui/notice';

export function LoadError({ what, error, onRetry, isRetrying }: { what: string; error: unknown; onRetry: () => void; isRetrying: boolean }) {
  const reason = plainMessage(error);
  return (
    <Notice
      tone="error"
      title={`Could not load ${what}`}
      action={
        <Button variant="secondary" size="sm" onClick={onRetry} disabled={isRetrying}>
          <RotateCw aria-hidden className={isRetrying ? 'animate-spin' : undefined} />
          {isRetrying ? 'Retrying…' : 'Retry'}
        </Button>
      }
    >
      {reason}
    </Notice>
  );
}
