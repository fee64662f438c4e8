'use client';
// What a role lacks is not shown (docs/ROLES.md): RoleGate renders its children
// only for a role that may, and ReadOnlyNote tells a viewer why the buttons
// to change things are missing. The server refuses regardless (403).
import { can, lackReason, type Capability } from '@/lib/contract/roles';
import { useRole } from '@/lib/client/provider';
import type { ReactNode } from 'react';
import { Notice } from './ui/notice';

export function RoleGate({ capability, children }: { capability: Capability; children: ReactNode }) {
  return can(useRole(), capability) ? children : null;
}

export function ReadOnlyNote({ capability, what }: { capability: Capability; what: string }) {
  const role = useRole();
  if (can(role, capability)) return null;
  return (
    <Notice tone="info" title={`You can look, not change: ${what} are read-only for you`} className="mb-4">
      {lackReason(role, capability)}
    </Notice>
  );
}
