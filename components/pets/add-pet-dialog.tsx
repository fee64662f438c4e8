'use client';
// AddPetDialog: the "Add a pet" dialog around PetForm. Loaded on demand, as
// it brings the form's zod schema and the dialog's code with it.
import type { SavedPet } from '@/lib/client/hooks';
import { Dialog, DialogContent } from '../ui/dialog';
import { PetForm } from './pet-form';

export default function AddPetDialog({ onAdded, onClose }: { onAdded: (added: SavedPet) => void; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title="Add a pet" description="The pet gets its id from the service.">
        <PetForm onCancel={onClose} onSaved={onAdded} />
      </DialogContent>
    </Dialog>
  );
}
