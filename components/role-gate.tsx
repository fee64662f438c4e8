'use client';
// What a role lacks is not shown (docs/ROLES.md): RoleGate renders its children
// only for a role that may, and ReadOnlyNote tells a viewer why the buttons
// to change things are missing. The server refuses regardless (403).
import { lackReason, may, type OperationId } from '@/lib/contract/roles';
import { useRole } from '@/lib/client/provider';
import type { ReactNode } from 'react';
import { Notice } from './ui/notice';

export function RoleGate({ operation, children }: { operation: OperationId; children: ReactNode }) {
  return may(useRole(), operation) ? children : null;
}

export function ReadOnlyNote({ operation, what }: { operation: OperationId; what: string }) {
  const role = useRole();
  if (may(role, operation)) return null;
  return (
    <Notice tone="info" title={`You can look, not change: ${what} are read-only for you`} className="mb-4">
      {lackReason(role, operation)}
    </Notice>
  );
}
