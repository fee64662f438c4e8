'use client';
// FileDropZone: drop a CSV file on it, or choose one.
import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';

export function FileDropZone({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    <div
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        const [file] = event.dataTransfer.files;
        if (file) onFile(file);
      }}
      className={cn(
        'flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
        isOver
          ? 'border-indigo-500 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
          : 'border-zinc-300 text-zinc-700 dark:border-zinc-700 dark:text-zinc-300',
      )}
    >
      <FileUp aria-hidden className="size-6 text-zinc-500 dark:text-zinc-400" />
      <p>Drop a CSV file here, or</p>
      <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
        Choose a file
      </Button>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        The export&rsquo;s columns: name, category or categoryId, status, tags, and id to change a pet. UTF-8; up to 50 MB.
      </p>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        aria-label="Choose a CSV file to import"
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const [file] = event.target.files ?? [];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
