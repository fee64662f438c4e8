'use client';
// PetIdFilter: the orders list's "Pet ID" filter. A value that is not a pet id,
// typed or in the URL (`rejected`), is refused beside the field, saying why, and
// the list stays as it was.
import { X } from 'lucide-react';
import { useState } from 'react';
import { parseRecordId } from '../record-id';
import { Button } from '../ui/button';
import { describedBy, Input } from '../ui/field';

const ID = 'order-pet-filter';

const reason = (value: string) => `“${value}” is not a pet ID: use a whole number from 1 up, e.g. 12.`;

type Props = { petId: string | undefined; rejected?: string; onFilter: (petId: string | undefined) => void };

export function PetIdFilter({ petId, rejected, onFilter }: Props) {
  const [error, setError] = useState(rejected === undefined ? undefined : reason(rejected));
  return (
    <div className="flex flex-col gap-1.5">
      <form
        noValidate
        className="grid grid-cols-[auto_auto_auto] items-center justify-start gap-x-2 gap-y-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          const value = String(new FormData(event.currentTarget).get('petId') ?? '').trim();
          if (value !== '' && parseRecordId(value) === undefined) {
            setError(reason(value));
            return;
          }
          setError(undefined);
          onFilter(value || undefined);
        }}
      >
        {/* Above the field, as the list's other filters have theirs. */}
        <label htmlFor={ID} className="col-span-3 text-sm font-medium">
          Pet ID
        </label>
        <Input
          key={petId ?? ''}
          {...describedBy(ID, error)}
          name="petId"
          inputMode="numeric"
          className="h-10 w-28"
          defaultValue={petId ?? rejected ?? ''}
          autoComplete="off"
          isInvalid={Boolean(error)}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        {petId && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setError(undefined);
              onFilter(undefined);
            }}
            aria-label="Clear the pet filter"
          >
            <X aria-hidden />
          </Button>
        )}
      </form>
      {error && (
        <p id={`${ID}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
