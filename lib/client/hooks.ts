'use client';
// React Query hooks over the typed client: one per /v1 operation the dashboard
// uses. Lists keep the previous page on screen while the next one loads.
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewApiKey } from '../contract/api-keys';
import type { Category, NewCategory } from '../contract/categories';
import type { NewOrder, Order, OrderStatus } from '../contract/orders';
import type { NewPet, Pet, PetUpdate } from '../contract/pets';
import type { NewUser, PasswordChange } from '../contract/users';
import type { ListOrdersParams, ListPetsParams, CountPetsParams } from './api-client';
import { usePetstoreClient } from './provider';

export const queryKeys = {
  pets: (params?: ListPetsParams) => (params ? ['pets', params] : ['pets']),
  petCounts: (params?: CountPetsParams) => (params ? ['pet-counts', params] : ['pet-counts']),
  pet: (petId: number) => ['pet', petId],
  orders: (params?: ListOrdersParams) => (params ? ['orders', params] : ['orders']),
  order: (orderId: number) => ['order', orderId],
  categories: () => ['categories'],
  apiKeys: () => ['api-keys'],
  users: () => ['users'],
};

export function usePets(params: ListPetsParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pets(params), queryFn: () => client.listPets(params), placeholderData: keepPreviousData });
}

/** How many pets match the filters, in each status (the tabs' numbers). */
export function usePetCounts(params: CountPetsParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.petCounts(params), queryFn: () => client.countPets(params), placeholderData: keepPreviousData });
}

export function usePet(petId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pet(petId), queryFn: () => client.getPet(petId) });
}

/** Several pets at once (e.g. the distinct pets of a page of orders), each cached as the pet page caches it. */
export function usePetsById(petIds: number[]): Map<number, Pet> {
  const client = usePetstoreClient();
  const distinct = [...new Set(petIds)];
  return useQueries({
    queries: distinct.map((petId) => ({ queryKey: queryKeys.pet(petId), queryFn: () => client.getPet(petId), staleTime: 60_000 })),
    combine: (results) => new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data] as const] : []))),
  });
}

/** A pet's list, counts and page all change together. */
function refreshPets(queryClient: ReturnType<typeof useQueryClient>, pet?: Pet) {
  if (pet) queryClient.setQueryData(queryKeys.pet(pet.id), pet);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.pets() }),
    queryClient.invalidateQueries({ queryKey: queryKeys.petCounts() }),
  ]);
}

export function useCreatePet() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPet: NewPet) => client.createPet(newPet),
    onSuccess: (pet: Pet) => refreshPets(queryClient, pet),
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

export function useOrders(params: ListOrdersParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.orders(params), queryFn: () => client.listOrders(params), placeholderData: keepPreviousData });
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
      const all: Category[] = [];
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

export function useUsers() {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.users(), queryFn: () => client.listUsers() });
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
