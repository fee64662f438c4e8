// Brand: the product's mark and name.
import { PawPrint } from 'lucide-react';

export function Brand() {
  return (
    <span className="flex items-center gap-2 text-base font-semibold tracking-tight">
      <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm">
        <PawPrint className="size-4.5" aria-hidden />
      </span>
      Petstore
    </span>
  );
}
