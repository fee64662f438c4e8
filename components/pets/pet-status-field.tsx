'use client';
// PetStatusField: the pet forms' status, offering only what the rules allow now.
// Adding a pet: any status. Editing: pending comes only from placing an order,
// so it is not offered; while the pet has an open (placed or approved) order the
// status follows that order, so the select is locked, saying which order and
// linking to it (a hidden field keeps the status as it is).
import { IntentLink } from '@/components/intent-link';
import { useOrders } from '@/lib/client/hooks';
import { isOpen } from '@/lib/contract/order-transitions';
import { PET_STATUSES, type Pet } from '@/lib/contract/pets';
import { describedBy, Field, Select } from '../ui/field';
import { PET_STATUS_LABELS } from './status-badge';

export function PetStatusField({ pet, error }: { pet: Pet | undefined; error: string | undefined }) {
  const orders = useOrders({ petId: pet?.id, limit: 100 }, { enabled: Boolean(pet) });
  const openOrder = orders.data?.items.find((order) => isOpen(order.status));
  // Locked while the pet's orders load, too: a disabled select sends nothing, and nothing would clear the status.
  const isLocked = Boolean(openOrder) || (Boolean(pet) && orders.isPending);
  const offered = PET_STATUSES.filter((status) => !pet || status !== 'pending' || pet.status === 'pending');
  const hint = !pet ? (
    'Optional.'
  ) : openOrder ? (
    <>
      Set by{' '}
      <IntentLink href={`/orders/${openOrder.id}`} className="font-medium underline underline-offset-2">
        order {openOrder.id}
      </IntentLink>{' '}
      ({openOrder.status}): the status follows it until it is delivered or cancelled.
    </>
  ) : pet.status === 'pending' ? (
    'Optional. Pending was set when this pet was added; once changed, it comes back only from placing an order.'
  ) : (
    'Optional. Pending is not offered: it comes from placing an order.'
  );
  return (
    <Field id="pet-status" label="Status" hint={hint} error={error}>
      {isLocked && <input type="hidden" name="status" value={pet?.status ?? ''} />}
      <Select
        {...describedBy('pet-status', error, true)}
        name={isLocked ? undefined : 'status'}
        defaultValue={pet?.status ?? ''}
        disabled={isLocked}
        isInvalid={Boolean(error)}
      >
        <option value="">None</option>
        {offered.map((status) => (
          <option key={status} value={status}>
            {PET_STATUS_LABELS[status]}
          </option>
        ))}
      </Select>
    </Field>
  );
}
