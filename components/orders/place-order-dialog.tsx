'use client';
// PlaceOrderDialog: "Place order", from the Orders page or from an available
// pet's page (the pet is then given). The pet is picked from the available pets
// (searched by name on the server) and the quantity typed; both are checked by
// the contract's NewOrder schema, then by the server.
import { ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePets, usePlaceOrder } from '@/lib/client/hooks';
import { MAX_ORDER_QUANTITY, NewOrder, type Order } from '@/lib/contract/orders';
import { sentence } from '../form-errors';
import { Dialog, DialogContent } from '../ui/dialog';
import { FormButtons } from '../ui/form-buttons';
import { describedBy, Field, Input, Select } from '../ui/field';
import { Notice } from '../ui/notice';
import { useContractForm } from '../use-contract-form';

const PAUSE_MS = 250;

/** The chosen pet and the quantity, as numbers when they are digits (else the schema says what is wrong). */
function toNewOrderInput(values: FormData) {
  const petId = String(values.get('petId') ?? '');
  const quantity = String(values.get('quantity') ?? '').trim();
  return { petId: petId ? Number(petId) : undefined, quantity: /^[0-9]+$/.test(quantity) ? Number(quantity) : quantity };
}

type Props = {
  onPlaced: (order: Order) => void;
  onClose: () => void;
  /** The pet to order, when it is already chosen. */
  pet?: { id: number; name: string };
};

export default function PlaceOrderDialog({ onPlaced, onClose, pet }: Props) {
  const placeOrder = usePlaceOrder();
  const [search, setSearch] = useState('');
  const [name, setName] = useState<string>();
  const [petId, setPetId] = useState('');
  const pets = usePets({ status: 'available', name, limit: 50, sort: 'name' }, { enabled: !pet });
  const form = useContractForm({ schema: NewOrder, read: toNewOrderInput, save: (newOrder) => placeOrder.mutateAsync(newOrder), onSaved: onPlaced });

  useEffect(() => {
    const timer = setTimeout(() => setName(search.trim() || undefined), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const options = pets.data?.items ?? [];
  // A choice the search has filtered out is no choice; a search that finds one pet chooses it.
  const chosen = options.some((pet) => String(pet.id) === petId) ? petId : options.length === 1 ? String(options[0]!.id) : '';
  const petError = sentence('Pet', form.errors.petId);
  const quantityError = sentence('Quantity', form.errors.quantity);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Place an order" description="Only available pets can be ordered; the pet becomes pending.">
        <form onSubmit={form.submit} onChange={form.change} noValidate className="space-y-4">
          {form.refusal && (
            <Notice tone="error" title="The order was not placed">
              {form.refusal.message}
            </Notice>
          )}
          {pet ? (
            <p className="text-sm">
              <input type="hidden" name="petId" value={pet.id} />
              <span className="text-zinc-600 dark:text-zinc-400">Pet:</span> <span className="font-medium break-words">{pet.name}</span>{' '}
              <span className="text-zinc-600 dark:text-zinc-400">(#{pet.id})</span>
            </p>
          ) : (
            <>
              <Field id="order-pet-search" label="Find a pet" hint="Part of its name.">
                <Input
                  {...describedBy('order-pet-search', undefined, true)}
                  type="search"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  autoComplete="off"
                  maxLength={100}
                  autoFocus
                />
              </Field>
              <Field
                id="order-pet"
                label="Pet"
                error={petError}
                hint={
                  pets.isFetching
                    ? 'Looking for available pets…'
                    : options.length === 0
                      ? 'No available pet matches.'
                      : `${options.length}${pets.data?.nextCursor ? '+' : ''} available, by name.`
                }
              >
                <Select
                  {...describedBy('order-pet', petError, true)}
                  name="petId"
                  isInvalid={Boolean(petError)}
                  value={chosen}
                  onChange={(event) => setPetId(event.target.value)}
                >
                  <option value="">Choose a pet</option>
                  {options.map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.name} (#{option.id})
                    </option>
                  ))}
                </Select>
              </Field>
            </>
          )}
          <Field id="order-quantity" label="Quantity" hint={`1 to ${MAX_ORDER_QUANTITY}.`} error={quantityError}>
            <Input
              {...describedBy('order-quantity', quantityError, true)}
              name="quantity"
              inputMode="numeric"
              defaultValue="1"
              autoFocus={Boolean(pet)}
              autoComplete="off"
              className="h-10 w-28"
              isInvalid={Boolean(quantityError)}
            />
          </Field>
          <FormButtons onCancel={onClose} isSaving={form.isSaving} icon={<ShoppingBag aria-hidden />} label="Place order" pendingLabel="Placing order…" />
        </form>
      </DialogContent>
    </Dialog>
  );
}
