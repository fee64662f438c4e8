// The benchmark's scenarios: one request shape each, the same path under /v1 for
// the app and both baselines (the Next.js baseline adds its own prefix); updatePet
// for the app and its variants only. `thumbnail` fetches photos' thumbnails by their
// signed URLs (bench/photos.ts), which every server checks.
import { encodeCursor } from '../lib/contract/params';

type ScenarioRequest = { method: 'GET' | 'POST' | 'PATCH'; path: string; headers?: Record<string, string>; body?: string };

/** What a scenario's request is built from: the catalogue's size, and the bench photos' signed thumbnail URLs. */
export type ScenarioContext = { pets: number; thumbnails: string[] };

export type Scenario = {
  name: string;
  description: string;
  /** What a success answers: a JSON array (a list), a JSON object, or an image. */
  answers: 'array' | 'object' | 'image';
  /** True when every request differs (getPet picks a random id), so it is built per request. */
  varies?: boolean;
  /** True when only the app and its variants serve it (the baselines have no PATCH). */
  appOnly?: boolean;
  /** Builds a request. */
  request: (context: ScenarioContext) => ScenarioRequest;
};

const NEW_PET = JSON.stringify({ name: 'Bench pet', categoryId: 7, status: 'available' });

export const SCENARIOS: Scenario[] = [
  {
    name: 'list',
    description: 'GET /v1/pets?limit=20 (the first page)',
    answers: 'array',
    request: () => ({ method: 'GET', path: '/v1/pets?limit=20' }),
  },
  {
    name: 'list-status',
    description: 'GET /v1/pets?status=available&limit=20',
    answers: 'array',
    request: () => ({ method: 'GET', path: '/v1/pets?status=available&limit=20' }),
  },
  {
    name: 'list-100',
    description: 'GET /v1/pets?limit=100',
    answers: 'array',
    request: () => ({ method: 'GET', path: '/v1/pets?limit=100' }),
  },
  {
    name: 'deep-page',
    description: 'GET /v1/pets?limit=20&cursor=… (a page 90% of the way through the catalogue)',
    answers: 'array',
    request: ({ pets }) => ({
      method: 'GET',
      path: `/v1/pets?limit=20&cursor=${encodeCursor(Math.max(1, Math.floor(pets * 0.9)))}`,
    }),
  },
  {
    name: 'search',
    description: 'GET /v1/pets?name=<random 4 digits>&limit=20 (a substring of some names: the trigram index)',
    answers: 'array',
    varies: true,
    request: () => ({ method: 'GET', path: `/v1/pets?name=${1000 + Math.floor(Math.random() * 9000)}&limit=20` }),
  },
  {
    name: 'newest',
    description: 'GET /v1/pets?sort=-id&limit=20 (newest first)',
    answers: 'array',
    request: () => ({ method: 'GET', path: '/v1/pets?sort=-id&limit=20' }),
  },
  {
    name: 'counts',
    description: 'GET /v1/pets/counts (unfiltered: the trigger-kept counters)',
    answers: 'object',
    request: () => ({ method: 'GET', path: '/v1/pets/counts' }),
  },
  {
    name: 'getPet',
    description: 'GET /v1/pets/{random existing id}',
    answers: 'object',
    varies: true,
    request: ({ pets }) => ({ method: 'GET', path: `/v1/pets/${1 + Math.floor(Math.random() * pets)}` }),
  },
  {
    name: 'createPet',
    description: 'POST /v1/pets (a new pet; removed after the run)',
    answers: 'object',
    request: () => ({ method: 'POST', path: '/v1/pets', headers: { 'content-type': 'application/json' }, body: NEW_PET }),
  },
  {
    name: 'updatePet',
    description: 'PATCH /v1/pets/{random existing id} with a new name (given back after the run)',
    answers: 'object',
    varies: true,
    appOnly: true,
    request: ({ pets }) => {
      const id = 1 + Math.floor(Math.random() * pets);
      // A name that differs from the current one, so that every request changes the row (and logs it).
      const name = `Pet ${id} renamed ${Math.random().toString(36).slice(2, 10)}`;
      return { method: 'PATCH', path: `/v1/pets/${id}`, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) };
    },
  },
  {
    name: 'thumbnail',
    description: 'GET /v1/photos/{id}/thumb?expires=…&signature=… (a random one of 200 pets’ cover thumbnails, ~10 KB of WebP, by its signed URL, no key)',
    answers: 'image',
    varies: true,
    request: ({ thumbnails }) => ({ method: 'GET', path: thumbnails[Math.floor(Math.random() * thumbnails.length)]! }),
  },
  {
    name: 'orders',
    description: 'GET /v1/store/orders?limit=20',
    answers: 'array',
    request: () => ({ method: 'GET', path: '/v1/store/orders?limit=20' }),
  },
];
