'use client';
// React Query hooks over the typed client: one per /v1 operation the dashboard
// uses. Lists keep the previous page on screen while the next one loads.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewApiKey } from '../contract/api-keys';
import type { NewOrder, Order, OrderStatus } from '../contract/orders';
import type { NewPet, Pet } from '../contract/pets';
import type { ListOrdersParams, ListPetsParams } from './api-client';
import { usePetstoreClient } from './provider';

export const queryKeys = {
  pets: (params?: ListPetsParams) => (params ? ['pets', params] : ['pets']),
  pet: (petId: number) => ['pet', petId],
  orders: (params?: ListOrdersParams) => (params ? ['orders', params] : ['orders']),
  order: (orderId: number) => ['order', orderId],
  apiKeys: () => ['api-keys'],
};

export function usePets(params: ListPetsParams) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pets(params), queryFn: () => client.listPets(params), placeholderData: keepPreviousData });
}

export function usePet(petId: number) {
  const client = usePetstoreClient();
  return useQuery({ queryKey: queryKeys.pet(petId), queryFn: () => client.getPet(petId) });
}

export function useCreatePet() {
  const client = usePetstoreClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (newPet: NewPet) => client.createPet(newPet),
    onSuccess: (pet: Pet) => {
      queryClient.setQueryData(queryKeys.pet(pet.id), pet);
      return queryClient.invalidateQueries({ queryKey: queryKeys.pets() });
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
        queryClient.invalidateQueries({ queryKey: queryKeys.pets() }),
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
