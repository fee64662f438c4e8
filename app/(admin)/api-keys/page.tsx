// /api-keys: create, list and revoke API keys.
import type { Metadata } from 'next';
import { ApiKeyManager } from '@/components/api-keys/api-key-manager';

export const metadata: Metadata = { title: 'API keys' };

export default function ApiKeysPage() {
  return <ApiKeyManager />;
}
