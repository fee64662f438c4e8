'use client';
// EditPetDialog: the "Edit" dialog around PetForm, filled with the pet. Loaded
// on demand, like the Add pet dialog.
import type { SavedPet } from '@/lib/client/hooks';
import type { PetWithIncluded } from '@/lib/contract/pets';
import { Dialog, DialogContent } from '../ui/dialog';
import { PetForm } from './pet-form';

export default function EditPetDialog({ pet, onSaved, onClose }: { pet: PetWithIncluded; onSaved: (saved: SavedPet) => void; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent title={`Edit ${pet.name}`} description={`Pet ${pet.id}. Only what you change is sent.`}>
        <PetForm pet={pet} onCancel={onClose} onSaved={onSaved} />
      </DialogContent>
    </Dialog>
  );
}
