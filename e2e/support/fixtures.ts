// What the browser suite shares: the admin's credentials, the pets it adds,
// the signed-in cookies, and a typed client for calling the API from a test.
import path from 'node:path';
import type { NewPet } from '../../lib/contract/pets';
import { PetstoreClient } from '../../lib/client/api-client';

export const ADMIN = { email: 'admin@petstore.test', password: 'correct horse battery staple' };

/** The Staging server the suite configures; Production is left unset, so it is this server ("/v1"). */
export const SERVERS = { staging: 'https://staging.api.petstore.test/v1' };

export const STORAGE_STATE = path.join(import.meta.dirname, '..', '..', 'test-results', 'e2e-admin.json');

/** Pets the setup adds through the API, on top of the 36 of the sample catalogue. */
export const E2E_PETS: NewPet[] = [
  { name: 'Setup Sparrow', categoryId: 7, status: 'available' },
  { name: 'Setup Gecko', categoryId: 8, status: 'pending' },
  { name: 'Setup Iguana', categoryId: 8, status: 'sold' },
  { name: 'Setup Hamster', categoryId: 9 },
];

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright.config.ts');
  return url;
}

/** A client with the given key, or the suite's bootstrap key. */
export function apiClient(apiKey = process.env.E2E_API_KEY!): PetstoreClient {
  return new PetstoreClient({ baseUrl: baseUrl(), apiKey });
}
