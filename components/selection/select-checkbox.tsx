'use client';
// SelectCheckbox: a list row's (or a page's) selection box, labelled for screen readers.
import { useLayoutEffect, useRef } from 'react';

/** A checkbox with a label for screen readers; `isMixed` when some of a group are selected. */
export function SelectCheckbox({
  label,
  checked,
  isMixed = false,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  isMixed?: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (input.current) input.current.indeterminate = isMixed;
  }, [isMixed]);
  return (
    <input
      ref={input}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 cursor-pointer align-middle accent-indigo-600 disabled:cursor-not-allowed dark:accent-indigo-400"
    />
  );
}
