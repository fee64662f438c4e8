// Types of bench/baseline-core.mjs, for the guarded Next.js baseline route.
export type BaselineRequest = {
  method: string;
  path: string;
  search: URLSearchParams;
  authorization: string | null | undefined;
  body: () => Promise<string>;
};
export type BaselineAnswer = { status: number; body: string; headers: Record<string, string> };
export function createBaseline(
  url: string,
  options?: { max?: number; maxPipeline?: number },
): { handle: (request: BaselineRequest) => Promise<BaselineAnswer>; close: () => Promise<void> };
