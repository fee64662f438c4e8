'use client';
// PlaceOrderDialog: "Place order" from the Orders page. The pet is picked from
// the available pets (searched by name on the server) and the quantity typed;
// both are checked by the contract's NewOrder schema, then by the server.
import { ShoppingBag } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { usePets, usePlaceOrder } from '@/lib/client/hooks';
import { MAX_ORDER_QUANTITY, NewOrder, type Order } from '@/lib/contract/orders';
import { errorsFromApi, fieldErrorsFromIssues, sentence, type FieldErrors } from '../form-errors';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { describedBy, Field, Input, Select } from '../ui/field';
import { Notice } from '../ui/notice';

const PAUSE_MS = 250;

export default function PlaceOrderDialog({ onPlaced, onClose }: { onPlaced: (order: Order) => void; onClose: () => void }) {
  const placeOrder = usePlaceOrder();
  const [search, setSearch] = useState('');
  const [name, setName] = useState<string>();
  const [petId, setPetId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const pets = usePets({ status: 'available', name, limit: 50, sort: 'name' });

  useEffect(() => {
    const timer = setTimeout(() => setName(search.trim() || undefined), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(undefined);
    const form = new FormData(event.currentTarget);
    const quantity = String(form.get('quantity') ?? '').trim();
    const checked = NewOrder.safeParse(
      { petId: chosen ? Number(chosen) : undefined, quantity: /^[0-9]+$/.test(quantity) ? Number(quantity) : quantity },
      { reportInput: true },
    );
    if (!checked.success) {
      setErrors(fieldErrorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    try {
      onPlaced(await placeOrder.mutateAsync(checked.data));
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      setFormError(refused.message);
    }
  }

  const petError = sentence('Pet', errors.petId);
  const quantityError = sentence('Quantity', errors.quantity);
  const options = pets.data?.items ?? [];
  // A choice the search has filtered out is no choice; a search that finds one pet chooses it.
  const chosen = options.some((pet) => String(pet.id) === petId) ? petId : options.length === 1 ? String(options[0]!.id) : '';
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Place an order" description="Only available pets can be ordered; the pet becomes pending.">
        <form onSubmit={submit} noValidate className="space-y-4">
          {formError && <Notice tone="error" title="The order was not placed">{formError}</Notice>}
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
            hint={pets.isFetching ? 'Looking for available pets…' : options.length === 0 ? 'No available pet matches.' : `${options.length}${pets.data?.nextCursor ? '+' : ''} available, by name.`}
          >
            <Select {...describedBy('order-pet', petError, true)} name="petId" isInvalid={Boolean(petError)} value={chosen} onChange={(event) => setPetId(event.target.value)}>
              <option value="">Choose a pet</option>
              {options.map((pet) => (
                <option key={pet.id} value={pet.id}>
                  {pet.name} (#{pet.id})
                </option>
              ))}
            </Select>
          </Field>
          <Field id="order-quantity" label="Quantity" hint={`1 to ${MAX_ORDER_QUANTITY}.`} error={quantityError}>
            <Input
              {...describedBy('order-quantity', quantityError, true)}
              name="quantity"
              inputMode="numeric"
              defaultValue="1"
              autoComplete="off"
              className="h-10 w-28"
              isInvalid={Boolean(quantityError)}
            />
          </Field>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={onClose} disabled={placeOrder.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={placeOrder.isPending}>
              <ShoppingBag aria-hidden />
              {placeOrder.isPending ? 'Placing order…' : 'Place order'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
