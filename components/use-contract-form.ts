'use client';
// useContractForm: the submit flow every dashboard form shares. The values are
// checked in the browser by the contract's zod schema (nothing is sent while a
// field is wrong), then saved; a refusal from the server comes back beside its
// fields, or as one message when it names no field. A field's error goes when
// that field changes (and a refusal of the values as sent goes with it).
import { useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiClientError } from '@/lib/client/api-client';
import { issueDetails } from '@/lib/contract/errors';
import { errorsFromApi, firstPerField, type FieldErrors } from './form-errors';

/** Issues from a parse with `reportInput: true`, described as the server describes them. */
const fieldErrorsFromIssues = (issues: z.core.$ZodIssue[]): FieldErrors => firstPerField(issueDetails(issues));

/** A refusal that names no field: its message, and the HTTP status (0 when the API did not answer). */
type FormRefusal = { message: string; status: number };

type Options<Schema extends z.ZodType, Saved> = {
  schema: Schema;
  /** The form's values, shaped as the schema wants them (e.g. digits as a number). Only `submit` needs it. */
  read?: (values: FormData) => Partial<Record<keyof z.input<Schema>, unknown>>;
  /** Errors the schema cannot see, such as a password typed twice. */
  check?: (values: FormData) => FieldErrors;
  save: (value: z.output<Schema>) => Promise<Saved>;
  /** After a save; `form` is the one submitted (none for `send`). */
  onSaved?: (saved: Saved, form: HTMLFormElement | undefined) => void;
};

export function useContractForm<Schema extends z.ZodType, Saved>({ schema, read, check, save, onSaved }: Options<Schema, Saved>) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<FormRefusal>();
  // Boxed, so a save that returns nothing still counts as saved.
  const [saved, setSaved] = useState<{ value: Saved }>();
  const [isSaving, setSaving] = useState(false);
  // Read synchronously, so a second submit before the re-render (a double
  // click, Enter) cannot send the values again.
  const isSavingNow = useRef(false);

  function clear() {
    setErrors({});
    setRefusal(undefined);
    setSaved(undefined);
  }

  /** A field changed: its error, and a refusal of the values as they were sent, no longer hold. */
  function changed(field: string) {
    setErrors((current) => (field in current ? Object.fromEntries(Object.entries(current).filter(([path]) => path !== field)) : current));
    setRefusal(undefined);
  }

  /** A form's onChange: the control that changed names the field. */
  function change(event: FormEvent<HTMLFormElement>) {
    const { name } = event.target as HTMLInputElement;
    if (name) changed(name);
  }

  /** Checks `input` (with `found`, errors already found), then saves it. */
  async function send(input: unknown, found: FieldErrors = {}, form?: HTMLFormElement): Promise<void> {
    if (isSavingNow.current) return;
    clear();
    const checked = schema.safeParse(input, { reportInput: true });
    const wrong = { ...found, ...(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues)) };
    if (!checked.success || Object.keys(wrong).length > 0) return setErrors(wrong);
    isSavingNow.current = true;
    setSaving(true);
    let value: Saved;
    try {
      value = await save(checked.data);
    } catch (error) {
      const refused = errorsFromApi(error);
      setErrors(refused.fields);
      if (refused.message) setRefusal({ message: refused.message, status: error instanceof ApiClientError ? error.status : 0 });
      return;
    } finally {
      isSavingNow.current = false;
      setSaving(false);
    }
    setSaved({ value });
    onSaved?.(value, form);
  }

  function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const values = new FormData(form);
    return send(read?.(values), check?.(values), form);
  }

  return { submit, send, change, changed, errors, refusal, saved, isSaving, clear };
}
