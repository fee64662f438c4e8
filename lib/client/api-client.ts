// The typed client for /v1: one method per operation, its request and response
// types inferred from the contract's zod schemas (types only: the schemas stay
// out of the browser's first load), and every Error body surfaced as an
// ApiClientError. Used by the dashboard in the browser and by the tests in Node.
import type { z } from 'zod';
import type { ActivityEntry } from '../contract/activity';
import type { ApiKey, CreatedApiKey, NewApiKey } from '../contract/api-keys';
import type { Category, CategoryUpdate, ListCategoriesQuery, ListedCategory, NewCategory } from '../contract/categories';
import type { ErrorBody, ErrorCode, ErrorDetail } from '../contract/errors';
import type { Import } from '../contract/imports';
import type { UndoneBatch } from '../contract/restore';
import type { ListOrdersQuery, NewOrder, Order, OrderCounts, OrderCountsQuery, OrderUpdate } from '../contract/orders';
import type {
  ListPetsQuery,
  NewPet,
  Pet,
  PetBatchDeleteResults,
  PetBatchUpdateResults,
  PetCounts,
  PetCountsQuery,
  PetTimestamps,
  PetUpdate,
  PetWithIncluded,
} from '../contract/pets';
import type { Photo } from '../contract/photos';
import type { PetInclude } from '../contract/pet-include';
import type { ListTagsQuery, Tag } from '../contract/tags';
import type { ChangedUser, NewUser, PasswordChange, PasswordReset, User, UserUpdate } from '../contract/users';
import { followChanges, type ChangeFeedHandlers } from './change-feed';
import { linkTarget } from './link-header';

export class ApiClientError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[];

  constructor(body: { code: ErrorCode; message: string; status: number; details?: ErrorDetail[] }) {
    super(body.message);
    this.name = 'ApiClientError';
    this.code = body.code;
    this.status = body.status;
    this.details = body.details ?? [];
  }
}

/** One page of a list and the cursor of the next one (from the `Link: rel="next"` header). */
export type Page<T> = { items: T[]; nextCursor?: string };

/** The query parameters that are integers on the wire (the schemas take their digits). */
type IntegerParam = 'limit' | 'categoryId' | 'petId';

/**
 * A list's query parameters as the client takes them: the input of the query
 * schema the server parses them with (URL text, so enums keep their values),
 * where a number may stand for an integer parameter's digits. What each one
 * means is in the schema's description (lib/contract, the OpenAPI document).
 */
type QueryParams<Query extends z.ZodType> = {
  [Name in keyof z.input<Query>]?: z.input<Query>[Name] | (Name extends IntegerParam ? number : never);
};
// `id` (the batch read) stands alone: listPetsByIds.
export type ListPetsParams = Omit<QueryParams<typeof ListPetsQuery>, 'id'>;
export type CountPetsParams = QueryParams<typeof PetCountsQuery>;
type ListCategoriesParams = QueryParams<typeof ListCategoriesQuery>;
export type ListTagsParams = QueryParams<typeof ListTagsQuery>;
export type ListOrdersParams = QueryParams<typeof ListOrdersQuery>;
export type CountOrdersParams = QueryParams<typeof OrderCountsQuery>;
export type ListActivityParams = {
  limit?: number;
  cursor?: string;
  resource?: string;
  resourceId?: string;
  actorUserId?: number;
  actorKeyId?: number;
  person?: string;
  since?: string;
  until?: string;
  batchId?: string;
};

type ClientOptions = {
  /** Where the API is served; '' (the default) means the page's own origin. */
  baseUrl?: string;
  apiKey: string;
  fetch?: typeof fetch;
};

export class PetstoreClient {
  private readonly baseUrl: string;
  private readonly apiKey: string;
  private readonly fetchImpl: typeof fetch;

  constructor(options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
    this.apiKey = options.apiKey;
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
  }

  /** listPets: GET /v1/pets; with `include` (experimental), each pet carries the fields it names. */
  async listPets(params: ListPetsParams = {}): Promise<Page<PetWithIncluded>> {
    return this.page<PetWithIncluded>('/v1/pets', params);
  }

  /** listPets with `id` (experimental batch read): the pets among these ids (at most 100), by id, in one request. */
  async listPetsByIds(petIds: number[], include: PetInclude[] = []): Promise<PetWithIncluded[]> {
    const ids = petIds.map((id) => encodeURIComponent(id)).join(',');
    const included = include.length > 0 ? `&include=${include.join(',')}` : '';
    return this.request<PetWithIncluded[]>('GET', `/v1/pets?id=${ids}${included}`).then(({ body }) => body);
  }

  /** createPet: POST /v1/pets */
  async createPet(newPet: NewPet): Promise<Pet> {
    return this.request<Pet>('POST', '/v1/pets', newPet).then(({ body }) => body);
  }

  /**
   * One pet through the batch read (GET /v1/pets?id=N), as the dashboard reads one: the
   * deprecated getPet's successor. A pet that does not exist is the 404 getPet would answer.
   */
  async findPet(petId: number, include: PetInclude[] = []): Promise<PetWithIncluded> {
    const [pet] = await this.listPetsByIds([petId], include);
    if (!pet) throw new ApiClientError({ code: 'not_found', message: `No pet has id ${petId}.`, status: 404 });
    return pet;
  }

  /** getPet: GET /v1/pets/{petId} (deprecated; sunset 5 December 2030) */
  async getPet(petId: number): Promise<Pet> {
    return this.request<Pet>('GET', `/v1/pets/${encodeURIComponent(petId)}`).then(({ body }) => body);
  }

  /** countPets: GET /v1/pets/counts (experimental); the same filters as listPets. */
  async countPets(params: CountPetsParams = {}): Promise<PetCounts> {
    return this.request<PetCounts>('GET', `/v1/pets/counts${queryString(params)}`).then(({ body }) => body);
  }

  /** getPetTimestamps: GET /v1/pets/{petId}/timestamps (experimental): when the pet was added and last changed. */
  async getPetTimestamps(petId: number): Promise<PetTimestamps> {
    return this.request<PetTimestamps>('GET', `/v1/pets/${encodeURIComponent(petId)}/timestamps`).then(({ body }) => body);
  }

  /** getPetTags: GET /v1/pets/{petId}/tags (experimental) */
  async getPetTags(petId: number): Promise<string[]> {
    return this.request<string[]>('GET', `/v1/pets/${encodeURIComponent(petId)}/tags`).then(({ body }) => body);
  }

  /** replacePetTags: PUT /v1/pets/{petId}/tags (experimental): the whole set; answers the tags as stored. */
  async replacePetTags(petId: number, tags: string[]): Promise<string[]> {
    return this.request<string[]>('PUT', `/v1/pets/${encodeURIComponent(petId)}/tags`, tags).then(({ body }) => body);
  }

  /** listTags: GET /v1/tags (experimental): the tags pets have, alphabetically, with their pet counts. */
  async listTags(params: ListTagsParams = {}): Promise<Page<Tag>> {
    return this.page<Tag>('/v1/tags', params);
  }

  /** updatePet: PATCH /v1/pets/{petId} (experimental); merge semantics, `status: null` removes the status. */
  async updatePet(petId: number, update: PetUpdate): Promise<Pet> {
    return this.request<Pet>('PATCH', `/v1/pets/${encodeURIComponent(petId)}`, update).then(({ body }) => body);
  }

  /** deletePet: DELETE /v1/pets/{petId} (experimental); refused (409) when an order references the pet. */
  async deletePet(petId: number): Promise<void> {
    await this.request<undefined>('DELETE', `/v1/pets/${encodeURIComponent(petId)}`);
  }

  /**
   * bulkUpdatePets: PATCH /v1/pets?id=… (experimental): the same patch for up to 100 pets,
   * each changed on its own; one result per id, in the order given (a refusal is a result, not a throw).
   * With `batchId`, the changes join that batch (one undo for every request of a bulk run).
   */
  async updatePets(petIds: number[], update: PetUpdate, batchId?: string): Promise<PetBatchUpdateResults> {
    return this.request<PetBatchUpdateResults>('PATCH', `/v1/pets?${batchQuery(petIds, batchId)}`, update).then(({ body }) => body);
  }

  /**
   * bulkDeletePets: DELETE /v1/pets?id=… (experimental): up to 100 pets, each deleted on its own; one result per id, in the order given.
   * With `batchId`, the deletes join that batch (one undo for every request of a bulk run).
   */
  async deletePets(petIds: number[], batchId?: string): Promise<PetBatchDeleteResults> {
    return this.request<PetBatchDeleteResults>('DELETE', `/v1/pets?${batchQuery(petIds, batchId)}`).then(({ body }) => body);
  }

  /** listPetPhotos: GET /v1/pets/{petId}/photos (experimental): by position, the cover first, with signed URLs. */
  async listPetPhotos(petId: number): Promise<Photo[]> {
    return this.request<Photo[]>('GET', `/v1/pets/${encodeURIComponent(petId)}/photos`).then(({ body }) => body);
  }

  /**
   * addPetPhoto: POST /v1/pets/{petId}/photos (experimental): the file as the body when the
   * browser gives it an image type (nothing for the server to unpack), else as a
   * multipart/form-data `file` part; the server reads its type from its bytes either way. With
   * `onProgress` in a browser, sent through XMLHttpRequest, whose upload reports the bytes sent
   * (fetch does not).
   */
  async addPetPhoto(petId: number, file: Blob, onProgress?: (sent: number, total: number) => void): Promise<Photo> {
    const path = `/v1/pets/${encodeURIComponent(petId)}/photos`;
    const form = new FormData();
    form.append('file', file);
    const body = file.type.startsWith('image/') ? file : form;
    if (!onProgress || typeof XMLHttpRequest === 'undefined') return this.request<Photo>('POST', path, body).then(({ body }) => body);
    return new Promise<Photo>((resolve, reject) => {
      const upload = new XMLHttpRequest();
      upload.open('POST', `${this.baseUrl}${path}`);
      upload.setRequestHeader('authorization', `Bearer ${this.apiKey}`);
      upload.setRequestHeader('accept', 'application/json');
      upload.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
      upload.onerror = () => reject(unreachable());
      upload.onload = () => {
        const json = parseJson(upload.responseText);
        if (upload.status === 201 && json !== undefined) resolve(json as Photo);
        else reject(isErrorBody(json) ? new ApiClientError(json) : errorFrom(new Response(null, { status: upload.status }), json));
      };
      upload.send(body);
    });
  }

  /** movePetPhoto: PATCH /v1/pets/{petId}/photos/{photoId} (experimental): to `position` (0: the cover). */
  async movePetPhoto(petId: number, photoId: number, position: number): Promise<Photo> {
    return this.request<Photo>('PATCH', `/v1/pets/${encodeURIComponent(petId)}/photos/${encodeURIComponent(photoId)}`, { position }).then(({ body }) => body);
  }

  /** deletePetPhoto: DELETE /v1/pets/{petId}/photos/{photoId} (experimental) */
  async deletePetPhoto(petId: number, photoId: number): Promise<void> {
    await this.request<undefined>('DELETE', `/v1/pets/${encodeURIComponent(petId)}/photos/${encodeURIComponent(photoId)}`);
  }

  /** listCategories: GET /v1/categories (experimental) */
  async listCategories(params: ListCategoriesParams = {}): Promise<Page<ListedCategory>> {
    return this.page<ListedCategory>('/v1/categories', params);
  }

  /** createCategory: POST /v1/categories (experimental); 409 when the name is taken, ignoring case. */
  async createCategory(newCategory: NewCategory): Promise<Category> {
    return this.request<Category>('POST', '/v1/categories', newCategory).then(({ body }) => body);
  }

  /** deleteCategory: DELETE /v1/categories/{categoryId} (experimental); refused (409) while pets name it. */
  async deleteCategory(categoryId: number): Promise<void> {
    await this.request<undefined>('DELETE', `/v1/categories/${encodeURIComponent(categoryId)}`);
  }

  /** getCategory: GET /v1/categories/{categoryId} (experimental) */
  async getCategory(categoryId: number): Promise<Category> {
    return this.request<Category>('GET', `/v1/categories/${encodeURIComponent(categoryId)}`).then(({ body }) => body);
  }

  /** updateCategory: PATCH /v1/categories/{categoryId} (experimental): rename. */
  async updateCategory(categoryId: number, update: CategoryUpdate): Promise<Category> {
    return this.request<Category>('PATCH', `/v1/categories/${encodeURIComponent(categoryId)}`, update).then(({ body }) => body);
  }

  /**
   * watchChanges: GET /v1/changes (experimental), followed until `signal`
   * aborts, reconnecting by itself; see lib/client/change-feed.ts.
   */
  watchChanges(handlers: ChangeFeedHandlers, signal: AbortSignal): Promise<void> {
    return followChanges({ baseUrl: this.baseUrl, apiKey: this.apiKey, fetch: this.fetchImpl, signal }, handlers);
  }

  /** listOrders: GET /v1/store/orders (experimental) */
  async listOrders(params: ListOrdersParams = {}): Promise<Page<Order>> {
    return this.page<Order>('/v1/store/orders', params);
  }

  /** countOrders: GET /v1/store/orders/counts (experimental); the same filters as listOrders. */
  async countOrders(params: CountOrdersParams = {}): Promise<OrderCounts> {
    return this.request<OrderCounts>('GET', `/v1/store/orders/counts${queryString(params)}`).then(({ body }) => body);
  }

  /** getOrder: GET /v1/store/orders/{orderId} (experimental) */
  async getOrder(orderId: number): Promise<Order> {
    return this.request<Order>('GET', `/v1/store/orders/${encodeURIComponent(orderId)}`).then(({ body }) => body);
  }

  /** placeOrder: POST /v1/store/orders (experimental); the pet must be available and becomes pending. */
  async placeOrder(newOrder: NewOrder): Promise<Order> {
    return this.request<Order>('POST', '/v1/store/orders', newOrder).then(({ body }) => body);
  }

  /** updateOrder: PATCH /v1/store/orders/{orderId} (experimental); moves the order and its pet's status. */
  async updateOrder(orderId: number, update: OrderUpdate): Promise<Order> {
    return this.request<Order>('PATCH', `/v1/store/orders/${encodeURIComponent(orderId)}`, update).then(({ body }) => body);
  }

  /** listApiKeys: GET /v1/api-keys (every key for an admin, a user's own otherwise) */
  async listApiKeys(): Promise<ApiKey[]> {
    return this.request<ApiKey[]>('GET', '/v1/api-keys').then(({ body }) => body);
  }

  /** createApiKey: POST /v1/api-keys (no wider than the user's role); the answer holds the key, shown this once. */
  async createApiKey(newKey: NewApiKey): Promise<CreatedApiKey> {
    return this.request<CreatedApiKey>('POST', '/v1/api-keys', newKey).then(({ body }) => body);
  }

  /** revokeApiKey: DELETE /v1/api-keys/{keyId} (any for an admin, a user's own otherwise; never the bootstrap key) */
  async revokeApiKey(keyId: number): Promise<ApiKey> {
    return this.request<ApiKey>('DELETE', `/v1/api-keys/${encodeURIComponent(keyId)}`).then(({ body }) => body);
  }

  /** listUsers: GET /v1/users (admin, experimental) */
  async listUsers(): Promise<User[]> {
    return this.request<User[]>('GET', '/v1/users').then(({ body }) => body);
  }

  /** createUser: POST /v1/users (admin, experimental); the dashboard user the CLI's `user create` would add. */
  async createUser(newUser: NewUser): Promise<User> {
    return this.request<User>('POST', '/v1/users', newUser).then(({ body }) => body);
  }

  /** listActivity: GET /v1/activity (admin, experimental), newest first. */
  async listActivity(params: ListActivityParams = {}): Promise<Page<ActivityEntry>> {
    return this.page<ActivityEntry>('/v1/activity', params);
  }

  /** listPetHistory: GET /v1/pets/{petId}/history (experimental): that pet's activity entries, newest first. */
  async listPetHistory(petId: number, params: { limit?: number; cursor?: string } = {}): Promise<Page<ActivityEntry>> {
    return this.page<ActivityEntry>(`/v1/pets/${encodeURIComponent(petId)}/history`, params);
  }

  /** restoreActivityEntry: POST /v1/activity/{entryId}/restore (experimental): the pet back to its state after that entry. */
  async restoreActivityEntry(entryId: number): Promise<Pet> {
    return this.request<Pet>('POST', `/v1/activity/${encodeURIComponent(entryId)}/restore`).then(({ body }) => body);
  }

  /** undoBatch: POST /v1/activity/batches/{batchId}/restore (experimental); `dryRun` says what it would do and changes nothing. */
  async undoBatch(batchId: string, { dryRun = false } = {}): Promise<UndoneBatch> {
    const query = dryRun ? '?dryRun=true' : '';
    return this.request<UndoneBatch>('POST', `/v1/activity/batches/${encodeURIComponent(batchId)}/restore${query}`).then(({ body }) => body);
  }

  /** createImport: POST /v1/pets/imports (experimental): a CSV file, run as a job; the Import, queued. */
  async createImport(file: Blob, options: { dryRun?: boolean; createCategories?: boolean } = {}): Promise<Import> {
    const query = queryString({ dryRun: options.dryRun ? 'true' : undefined, createCategories: options.createCategories ? 'true' : undefined });
    const csv = file.type === 'text/csv' ? file : new Blob([file], { type: 'text/csv' });
    return this.request<Import>('POST', `/v1/pets/imports${query}`, csv).then(({ body }) => body);
  }

  /** listImports: GET /v1/pets/imports (experimental), newest first. */
  async listImports(params: { limit?: number; cursor?: string } = {}): Promise<Page<Import>> {
    return this.page<Import>('/v1/pets/imports', params);
  }

  /** getImport: GET /v1/pets/imports/{importId} (experimental): its state and counts. */
  async getImport(importId: number): Promise<Import> {
    return this.request<Import>('GET', `/v1/pets/imports/${encodeURIComponent(importId)}`).then(({ body }) => body);
  }

  /** cancelImport: DELETE /v1/pets/imports/{importId} (experimental): stops it before its next batch. */
  async cancelImport(importId: number): Promise<Import> {
    return this.request<Import>('DELETE', `/v1/pets/imports/${encodeURIComponent(importId)}`).then(({ body }) => body);
  }

  /** getImportErrors: GET /v1/pets/imports/{importId}/errors (experimental): the failed rows, as the CSV text. */
  async getImportErrors(importId: number): Promise<string> {
    return this.request<string>('GET', `/v1/pets/imports/${encodeURIComponent(importId)}/errors`, undefined, 'text').then(({ body }) => body);
  }

  /** updateUser: PATCH /v1/users/{userId} (admin, experimental): role, disabled; ends their sessions. */
  async updateUser(userId: number, update: UserUpdate): Promise<ChangedUser> {
    return this.request<ChangedUser>('PATCH', `/v1/users/${encodeURIComponent(userId)}`, update).then(({ body }) => body);
  }

  /** deleteUser: DELETE /v1/users/{userId} (admin, experimental) */
  async deleteUser(userId: number): Promise<void> {
    await this.request<undefined>('DELETE', `/v1/users/${encodeURIComponent(userId)}`);
  }

  /** resetUserPassword: POST /v1/users/{userId}/password-reset (admin, experimental); the temporary password, shown once. */
  async resetUserPassword(userId: number): Promise<PasswordReset> {
    return this.request<PasswordReset>('POST', `/v1/users/${encodeURIComponent(userId)}/password-reset`).then(({ body }) => body);
  }

  /** endOwnSessions: DELETE /v1/me/sessions (experimental): sign out everywhere, this session included. */
  async endOwnSessions(): Promise<void> {
    await this.request<undefined>('DELETE', '/v1/me/sessions');
  }

  /** changeOwnPassword: PUT /v1/me/password (experimental); for the user behind a dashboard session's key. */
  async changeOwnPassword(change: PasswordChange): Promise<void> {
    await this.request<undefined>('PUT', '/v1/me/password', change);
  }

  private async page<Item>(path: string, params: QueryValues): Promise<Page<Item>> {
    const { body, headers } = await this.request<Item[]>('GET', `${path}${queryString(params)}`);
    return { items: body, nextCursor: nextCursorFrom(headers.get('link')) };
  }

  /**
   * `payload`: a JSON value, a form (sent as multipart/form-data, its boundary set by fetch) or
   * a file (sent as it is, its type as the Content-Type).
   */
  private async request<Body>(method: string, path: string, payload?: unknown, as: 'json' | 'text' = 'json'): Promise<{ body: Body; headers: Headers }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: as === 'text' ? 'text/csv, application/json' : 'application/json',
    };
    const sentAsItIs = payload instanceof FormData || payload instanceof Blob;
    if (payload !== undefined && !sentAsItIs) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetchImpl(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: payload === undefined ? undefined : sentAsItIs ? (payload as BodyInit) : JSON.stringify(payload),
        cache: 'no-store',
      });
    } catch {
      throw unreachable();
    }
    const text = await response.text();
    const json = parseJson(text);
    if (!response.ok) throw errorFrom(response, json);
    if (as === 'text') return { body: text as Body, headers: response.headers };
    if (response.status === 204) return { body: undefined as Body, headers: response.headers };
    if (json === undefined) {
      throw new ApiClientError({
        code: 'internal_error',
        status: response.status,
        message: `The API answered ${method} ${path} without a JSON body.`,
      });
    }
    return { body: json as Body, headers: response.headers };
  }
}

const unreachable = () =>
  new ApiClientError({
    code: 'service_unavailable',
    status: 0,
    message: 'The server could not be reached. Check your connection; the page retries by itself.',
  });

/** The query of a bulk change or delete: the ids, and the batch they join when given. */
const batchQuery = (petIds: number[], batchId: string | undefined) => `id=${petIds.join(',')}${batchId ? `&batchId=${encodeURIComponent(batchId)}` : ''}`;

type QueryValues = Record<string, string | number | string[] | undefined>;

/** The query string; an array is the parameter repeated (`tag=a&tag=b`). */
function queryString(params: QueryValues): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined && each !== '') query.append(name, String(each));
  }
  return query.size > 0 ? `?${query}` : '';
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(response: Response, json: unknown): ApiClientError {
  if (isErrorBody(json)) return new ApiClientError(json);
  return new ApiClientError({
    code: response.status >= 500 ? 'internal_error' : 'invalid_request',
    status: response.status,
    message: `The API answered ${response.status} ${response.statusText} without an Error body.`,
  });
}

function isErrorBody(value: unknown): value is ErrorBody {
  const body = value as Partial<ErrorBody> | null;
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof body.code === 'string' &&
    typeof body.message === 'string' &&
    typeof body.status === 'number' &&
    (body.details === undefined || Array.isArray(body.details))
  );
}

/** The cursor in `Link: </v1/pets?limit=20&cursor=…>; rel="next"`, if there is a next page. */
function nextCursorFrom(link: string | null): string | undefined {
  const next = linkTarget(link, 'next');
  return next === undefined ? undefined : (new URL(next, 'http://link.invalid').searchParams.get('cursor') ?? undefined);
}
