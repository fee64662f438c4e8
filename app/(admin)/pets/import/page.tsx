// /pets/import: add and change pets from a CSV file (editors and admins), and the past
// imports (everyone who reads pets; a viewer sees no upload controls).
import type { Metadata } from 'next';
import { BackLink } from '@/components/back-link';
import { ImportWorkflow } from '@/components/imports/import-workflow';
import { PastImports } from '@/components/imports/past-imports';
import { ReadOnlyNote, RoleGate } from '@/components/role-gate';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Import pets' };

export default function ImportPetsPage() {
  return (
    <>
      <BackLink href="/pets">All pets</BackLink>
      <PageHeader
        title="Import pets"
        description="Add and change pets from a CSV file with the export's columns: a row with an id changes that pet, a row without one adds a pet. A dry run checks every row and changes nothing."
      />
      <ReadOnlyNote operation="createImport" what="imports" />
      <RoleGate operation="createImport">
        <ImportWorkflow />
      </RoleGate>
      <PastImports />
    </>
  );
}
