'use client';
// React Query hooks over the typed client: one per /v1 operation the dashboard
// uses. Lists keep the previous page on screen while the next one loads.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewApiKey } from '../contract/api-keys';
import type { ListedCategory, NewCategory } from '../contract/categories';
import type { NewOrder, Order, OrderStatus } from '../contract/orders';
import type { NewPet, Pet, PetUpdate, PetWithIncluded } from '../contract/pets';
import type { Import } from '../contract/imports';
import type { Photo } from '../contract/photos';
import type { NewUser, PasswordChange, UserUpdate } from '../contract/users';
import {
  ApiClientError,
  type CountOrdersParams,
  type ListActivityParams,
  type ListOrdersParams,
  type ListPetsParams,
  type ListTagsParams,
  type CountPetsParams,
} from './api-client';
import { runBulkChange, type BulkAction, type BulkPet, type BulkProgress } from './bulk-change';
import { moveOrders } from './order-moves';
import { usePetstoreClient } from './provider';

export const queryKeys = {
  pets: (params?: ListPetsParams) => (params ? ['pets', params] : ['pets']),
  petCounts: (params?: CountPetsParams) => (params ? ['pet-counts', params] : ['pet-counts']),
  pet: (petId: number) => ['pet', petId],
  // Under the pet's key, so that whatever refreshes the pet refreshes these too.
  petTimestamps: (petId: number) => ['pet', petId, 'timestamps'],
  petPhotos: (petId: number) => ['pet', petId, 'photos'],
  petHistory: (petId: number, cursor?: string) => ['pet', petId, 'history', cursor ?? ''],
  // Under 'pets', so that whatever refreshes the lists refreshes the batch reads too.
  petBatch: (petIds: number[]) => ['pets', 'by-id', petIds],
  orders: (params?: ListOrdersParams) => (params ? ['orders', params] : ['orders']),
  // Under 'orders', so that whatever refreshes the lists refreshes their counts too.
  orderCounts: (params: CountOrdersParams) => ['orders', 'counts', params],
  order: (orderId: number) => ['order', orderId],
  categories: () => ['categories'],
  tags: (params?: ListTagsParams) => (params ? ['tags', params] : ['tags']),
  apiKeys: () => ['api-keys'],
  users: () => ['users'],
  activity: (params?: ListActivityParams) => (params ? ['activity', params] : ['activity']),
  // Under 'pets', so that a change that refreshes the lists refreshes the imports' counts too.
  imports: () => ['pets', 'imports'],
  import: (importId: number) => ['pets', 'imports', importId],
  importErrors: (importId: number) => ['pets', 'imports', importId, 'errors'],
  undoPreview: (batchId: string) => ['activity', 'undo-preview', batchId],
  // A mutation's key: while one runs, the change feed leaves the pets alone (live-updates.tsx).
  bulkPetChange: () => ['bulk-pet-change'],
};

export function usePets(params: ListPetsParams, { enabled = true } = {}) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pets(params), queryFn: () => client.listPets(params), placeholderData: keepPreviousData, enabled });
}

/** How many pets match the filters, in each status (the tabs' numbers). */
export function usePetCounts(params: CountPetsParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.petCounts(params), queryFn: () => client.countPets(params), placeholderData: keepPreviousData });
}

/** A pet with its tags. */
export function usePet(petId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pet(petId), queryFn: () => client.findPet(petId, ['tags']) });
}

/** When the pet was added and last changed. */
export function usePetTimestamps(petId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.petTimestamps(petId), queryFn: () => client.getPetTimestamps(petId) });
}

/**
 * Several pets at once (e.g. the distinct pets of a page of orders), in one
 * batch read (GET /v1/pets?id=…); `undefined` while it loads.
 */
export function usePetsById(petIds: number[]): Map<number, Pet> | undefined {
  const client = usePetstoreClient();
  const distinct = [...new Set(petIds)].sort((a, b) => a - b);
  const { data } = useQuery({
    queryKey: queryKeys.petBatch(distinct),
    queryFn: () => client.listPetsByIds(distinct),
    enabled: distinct.length > 0,
    staleTime: 60_000,
  });
  return data && new Map(data.map((pet) => [pet.id, pet]));
}

/**
 * A pet's list, counts, page (its timestamps too), its category's pet count and the tags'
 * pet counts all change together. The pet as a change answers it has no tags: those on
 * screen stay until the page's own fetch brings the new ones.
 */
function refreshPets(queryClient: ReturnType<typeof useQueryClient>, pet?: PetWithIncluded) {
  if (pet) queryClient.setQueryData(queryKeys.pet(pet.id), (shown: PetWithIncluded | undefined) => ({ tags: shown?.tags, ...pet }));
  return Promise.all([
    pet && queryClient.invalidateQueries({ queryKey: queryKeys.pet(pet.id) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.pets() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.petCounts() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.categories() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.tags() }),
  ]);
}

/** A pet a form saved; one added is given its tags after (NewPet, the contract's, has none), and may say why they were not saved. */
export type SavedPet = { pet: PetWithIncluded; tagsRefusal?: ApiClientError };

export function useCreatePet() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ newPet, tags }: { newPet: NewPet; tags: string[] }): Promise<SavedPet> => {
      const pet = await client.createPet(newPet);
      if (tags.length === 0) return { pet: { ...pet, tags: [] } };
      try {
        return { pet: { ...pet, tags: await client.replacePetTags(pet.id, tags) } };
      } catch (error) {
        if (!(error instanceof ApiClientError)) throw error;
        return { pet: { ...pet, tags: [] }, tagsRefusal: error };
      }
    },
    onSuccess: ({ pet }) => refreshPets(queryClient, pet),
  });
}

export function useUpdatePet(petId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: PetUpdate) => client.updatePet(petId, update),
    onSuccess: (pet: Pet) => refreshPets(queryClient, pet),
  });
}

/** The tags pets have (those containing `name`, when given), alphabetically, with their pet counts: suggestions and the filter. */
export function useTags(params: ListTagsParams, { enabled = true } = {}) {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: queryKeys.tags(params),
    queryFn: async () => (await client.listTags(params)).items,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}

export function useDeletePet(petId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.deletePet(petId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: queryKeys.pet(petId) });
      return refreshPets(queryClient);
    },
  });
}

// A photo's URLs work for 45 to 60 minutes (docs/API.md, "Photos (experimental)"): a page left open fetches fresh ones before.
const PHOTO_URLS_REFRESH_MS = 15 * 60_000;

/** The pet's photos by position, the cover first. */
export function usePetPhotos(petId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.petPhotos(petId), queryFn: () => client.listPetPhotos(petId), refetchInterval: PHOTO_URLS_REFRESH_MS });
}

/** A change of the pet's photos: its gallery, and the lists that show its cover. */
const refreshPhotos = (queryClient: ReturnType<typeof useQueryClient>, petId: number) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.petPhotos(petId) }), queryClient.invalidateQueries({ queryKey: queryKeys.pets() })]);

/** Adds one photo; `onProgress` hears the bytes sent. */
export function useAddPetPhoto(petId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (sent: number, total: number) => void }) => client.addPetPhoto(petId, file, onProgress),
    onSuccess: () => refreshPhotos(queryClient, petId),
  });
}

/** Moves a photo, shown in its new place at once and put back if the server refuses. */
export function useMovePetPhoto(petId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  const key = queryKeys.petPhotos(petId);
  const mutationKey = [...key, 'move'];
  return useMutation({
    mutationKey,
    // Two quick moves (arrow, arrow) sent at once could be applied in the other order and
    // leave the server one move behind the screen: one pet's moves go one after another.
    scope: { id: JSON.stringify(mutationKey) },
    mutationFn: ({ photoId, position }: { photoId: number; position: number }) => client.movePetPhoto(petId, photoId, position),
    onMutate: async ({ photoId, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Photo[]>(key);
      if (before) queryClient.setQueryData(key, moved(before, photoId, position));
      return { before };
    },
    onError: (_error, _move, context) => context?.before && queryClient.setQueryData(key, context.before),
    // Read back after the last queued move only: an earlier one's answer would show its order for a moment.
    onSettled: () => (queryClient.isMutating({ mutationKey }) <= 1 ? refreshPhotos(queryClient, petId) : undefined),
  });
}

/** The photos with one moved to `position` (past the last: the last), positions renumbered. */
function moved(photos: Photo[], photoId: number, position: number): Photo[] {
  const photo = photos.find((candidate) => candidate.id === photoId);
  if (!photo) return photos;
  const order = photos.filter((candidate) => candidate.id !== photoId);
  order.splice(Math.min(position, order.length), 0, photo);
  return order.map((candidate, index) => ({ ...candidate, position: index }));
}

export function useDeletePetPhoto(petId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photoId: number) => client.deletePetPhoto(petId, photoId),
    onSuccess: () => refreshPhotos(queryClient, petId),
  });
}

/**
 * A change to many pets (lib/client/bulk-change.ts). Its own changes would
 * each make the lists stale: they are refreshed once, at the end, instead.
 */
export function useBulkPetChange() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.bulkPetChange(),
    mutationFn: (run: { pets: BulkPet[]; action: BulkAction; signal: AbortSignal; onProgress: (progress: BulkProgress) => void }) => runBulkChange(client, run),
    onSettled: (result) =>
      // After a 401 the lists are left as they are: refetching them would leave the page before its summary is read.
      result?.stoppedBy instanceof ApiClientError && result.stoppedBy.status === 401
        ? undefined
        : Promise.all([refreshPets(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.activity() })]),
  });
}

export function useOrders(params: ListOrdersParams, { enabled = true } = {}) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.orders(params), queryFn: () => client.listOrders(params), placeholderData: keepPreviousData, enabled });
}

/** How many orders match the filters, in each status (the tabs' numbers). */
export function useOrderCounts(params: CountOrdersParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.orderCounts(params), queryFn: () => client.countOrders(params), placeholderData: keepPreviousData });
}

export function useOrder(orderId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.order(orderId), queryFn: () => client.getOrder(orderId) });
}

/** Placing or moving an order changes its pet's status too: refresh both, and the lists. */
function useOrderMutation<Variables>(mutate: (variables: Variables) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: (order: Order) => {
      queryClient.setQueryData(queryKeys.order(order.id), order);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.pet(order.petId) }),
        refreshPets(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders() }),
      ]);
    },
  });
}

/**
 * Many orders moved to one status (lib/client/order-moves.ts). The orders, their
 * pets and the lists are refreshed once, at the end.
 */
export function useMoveOrders() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (run: Parameters<typeof moveOrders>[1]) => moveOrders(client, run),
    onSettled: (result) =>
      // After a 401 the lists are left as they are: refetching them would leave the page before its summary is read.
      result?.stoppedBy instanceof ApiClientError && result.stoppedBy.status === 401
        ? undefined
        : Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders() }), refreshPets(queryClient)]),
  });
}

export function usePlaceOrder() {
  const client = usePetstoreClient();
  return useOrderMutation((newOrder: NewOrder) => client.placeOrder(newOrder));
}

export function useMoveOrder(orderId: number) {
  const client = usePetstoreClient();
  return useOrderMutation((status: OrderStatus) => client.updateOrder(orderId, { status }));
}

// Categories are few (a shop has tens, not thousands): the dashboard holds them all, page after page.
const CATEGORY_PAGE = 100;

export function useCategories() {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: queryKeys.categories(),
    queryFn: async () => {
      const all: ListedCategory[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listCategories({ limit: CATEGORY_PAGE, cursor });
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return all;
    },
    staleTime: 60_000,
  });
}

export function useCreateCategory() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newCategory: NewCategory) => client.createCategory(newCategory),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories() }),
  });
}

export function useRenameCategory(categoryId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => client.updateCategory(categoryId, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories() }),
  });
}

/** Deletes a category; refused (409) while pets name it. */
export function useDeleteCategory(categoryId: number) {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.deleteCategory(categoryId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.categories() }),
  });
}

export function useApiKeys() {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.apiKeys(), queryFn: () => client.listApiKeys() });
}

export function useCreateApiKey() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newKey: NewApiKey) => client.createApiKey(newKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys() }),
  });
}

export function useRevokeApiKey() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => client.revokeApiKey(keyId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys() }),
  });
}

export function useUsers(options: { enabled?: boolean } = {}) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.users(), queryFn: () => client.listUsers(), enabled: options.enabled });
}

export function useCreateUser() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newUser: NewUser) => client.createUser(newUser),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users() }),
  });
}

export function useChangeOwnPassword() {
  const client = usePetstoreClient();
  return useMutation({ mutationFn: (change: PasswordChange) => client.changeOwnPassword(change) });
}

/** What an admin does to another user: their keys may stop too, so both lists refresh. */
function useUserMutation<Variables, Result>(mutate: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.users() }), queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys() })]),
  });
}

export function useUpdateUser(userId: number) {
  const client = usePetstoreClient();
  return useUserMutation((update: UserUpdate) => client.updateUser(userId, update));
}

export function useDeleteUser(userId: number) {
  const client = usePetstoreClient();
  return useUserMutation(() => client.deleteUser(userId));
}

export function useResetUserPassword(userId: number) {
  const client = usePetstoreClient();
  return useUserMutation(() => client.resetUserPassword(userId));
}

/** The activity log (admins), newest first; a change on screen makes it stale (live-updates.tsx). */
export function useActivity(params: ListActivityParams, { enabled = true } = {}) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.activity(params), queryFn: () => client.listActivity(params), placeholderData: keepPreviousData, enabled });
}

/** A pet's own history (anyone who may read the pet), newest first; under the pet's key, so what refreshes the pet refreshes it. */
export function usePetHistory(petId: number, params: { limit?: number; cursor?: string }, { enabled = true } = {}) {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: [...queryKeys.petHistory(petId, params.cursor), params.limit],
    queryFn: () => client.listPetHistory(petId, params),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Restore from history: the pet back to its state after an entry (a deleted one comes back). */
export function useRestoreEntry() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: number) => client.restoreActivityEntry(entryId),
    onSuccess: (pet) => Promise.all([refreshPets(queryClient, pet), queryClient.invalidateQueries({ queryKey: queryKeys.activity() })]),
  });
}

/** What undoing a batch would do (its dry run): the pets it would restore and those it would leave. */
export function useUndoPreview(batchId: string, { enabled }: { enabled: boolean }) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.undoPreview(batchId), queryFn: () => client.undoBatch(batchId, { dryRun: true }), enabled, staleTime: 0, gcTime: 0 });
}

export function useUndoBatch() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string) => client.undoBatch(batchId),
    onSuccess: () => Promise.all([refreshPets(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.activity() })]),
  });
}

// While an import is queued or running, its page asks for it again this often.
const IMPORT_POLL_MS = 500;
const isUnderWay = (state: Import['state'] | undefined) => state === 'queued' || state === 'running';

/** Past imports, newest first; asked again while one of them is under way. */
export function useImports() {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: queryKeys.imports(),
    queryFn: async () => (await client.listImports({ limit: 20 })).items,
    refetchInterval: (query) => (query.state.data?.some((each) => isUnderWay(each.state)) ? IMPORT_POLL_MS * 4 : false),
  });
}

/** One import, polled while it is queued or running. */
export function useImport(importId: number | undefined) {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: queryKeys.import(importId ?? 0),
    queryFn: () => client.getImport(importId!),
    enabled: importId !== undefined,
    refetchInterval: (query) => (isUnderWay(query.state.data?.state) ? IMPORT_POLL_MS : false),
  });
}

/** The failed rows of an import, as the errors CSV's text. */
export function useImportErrors(importId: number | undefined, { enabled }: { enabled: boolean }) {
  const client = usePetstoreClient();
  return useQuery({
    queryKey: queryKeys.importErrors(importId ?? 0),
    queryFn: () => client.getImportErrors(importId!),
    enabled: enabled && importId !== undefined,
  });
}

export function useCreateImport() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, dryRun }: { file: File; dryRun: boolean }) => client.createImport(file, { dryRun }),
    onSuccess: (started) => {
      queryClient.setQueryData(queryKeys.import(started.id), started);
      return queryClient.invalidateQueries({ queryKey: queryKeys.imports(), exact: true });
    },
  });
}

export function useCancelImport() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: number) => client.cancelImport(importId),
    onSuccess: (cancelled) => queryClient.setQueryData(queryKeys.import(cancelled.id), cancelled),
  });
}
