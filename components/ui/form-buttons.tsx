// A form's submit button, which says what is happening while the form saves,
// and FormButtons: Cancel beside it, both disabled while it saves.
import type { ReactNode } from 'react';
import { Button } from './button';

type SubmitProps = { isSaving: boolean; icon?: ReactNode; label: string; pendingLabel: string; className?: string };

export function SubmitButton({ isSaving, icon, label, pendingLabel, className }: SubmitProps) {
  return (
    <Button type="submit" disabled={isSaving} className={className}>
      {icon}
      {isSaving ? pendingLabel : label}
    </Button>
  );
}

export function FormButtons({ onCancel, ...submit }: SubmitProps & { onCancel: () => void }) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={submit.isSaving}>
        Cancel
      </Button>
      <SubmitButton {...submit} />
    </div>
  );
}
