'use client';
// useContractForm: the submit flow every dashboard form shares. The form's
// values are checked in the browser by the contract's zod schema (nothing is
// sent while a field is wrong), then saved; a refusal from the server comes
// back beside its fields, or as one message when it names no field.
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiClientError } from '@/lib/client/api-client';
import { errorsFromApi, fieldErrorsFromIssues, type FieldErrors } from './form-errors';

/** A refusal that names no field: its message, and the HTTP status (0 when the API was not reached). */
export type FormRefusal = { message: string; status: number };

type Options<Schema extends z.ZodType, Saved> = {
  schema: Schema;
  /** The form's values, shaped as the schema wants them (e.g. digits as a number). */
  read: (values: FormData) => unknown;
  /** Errors the schema cannot see, such as a password typed twice. */
  check?: (values: FormData) => FieldErrors;
  save: (value: z.output<Schema>) => Promise<Saved>;
  onSaved?: (saved: Saved, form: HTMLFormElement) => void;
};

export function useContractForm<Schema extends z.ZodType, Saved>({ schema, read, check, save, onSaved }: Options<Schema, Saved>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<FormRefusal>();
  // Boxed, so a save that returns nothing still counts as saved.
  const [saved, setSaved] = useState<{ value: Saved }>();
  const [isSaving, setSaving] = useState(false);
  // Read synchronously, so a second submit before the re-render (a double
  // click, Enter) cannot send the form again.
  const isSavingNow = useRef(false);

  function clear() {
    setErrors({});
    setRefusal(undefined);
    setSaved(undefined);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isSavingNow.current) return;
    const form = event.currentTarget;
    const values = new FormData(form);
    clear();
    const checked = schema.safeParse(read(values), { reportInput: true });
    const found = { ...check?.(values), ...(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues)) };
    if (!checked.success || Object.keys(found).length > 0) return setErrors(found);
    isSavingNow.current = true;
    setSaving(true);
    try {
      const value = await save(checked.data);
      setSaved({ value });
      onSaved?.(value, form);
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      if (refused.message) setRefusal({ message: refused.message, status: error instanceof ApiClientError ? error.status : 0 });
    } finally {
      isSavingNow.current = false;
      setSaving(false);
    }
  }

  return { submit, errors, refusal, saved, isSaving, clear };
}
