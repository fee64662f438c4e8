'use client';
// UrlSelect: a labelled <select> whose value lives in the URL: choosing an
// option goes to that option's address (history and arrow keys behave as
// use-select-navigation.ts says).
import type { ReactNode } from 'react';
import { Select } from './ui/field';
import { useSelectNavigation } from './use-select-navigation';

type Props = {
  id: string;
  label: string;
  /** The value the URL holds now. */
  value: string;
  hrefFor: (value: string) => string;
  /** The <option>s. */
  children: ReactNode;
  className?: string;
  labelClassName?: string;
  selectClassName?: string;
};

export function UrlSelect({ id, label, value, hrefFor, children, className, labelClassName = 'text-sm font-medium', selectClassName }: Props) {
  const navigation = useSelectNavigation(value);
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <Select
        id={id}
        className={selectClassName}
        value={navigation.value}
        onFocus={navigation.onFocus}
        onChange={(event) => navigation.choose(event.target.value, hrefFor(event.target.value))}
      >
        {children}
      </Select>
    </div>
  );
}
