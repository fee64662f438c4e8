// Next.js start-up hook: runs lib/startup once per server process (Node runtime only).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startUpOnce } = await import('./lib/runtime/startup');
  await startUpOnce();
}
