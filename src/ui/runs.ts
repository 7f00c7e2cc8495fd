/** How the sidebar follows work the server does over several calls. */
/**
 * A run the server does part by part (each call within an execution's time): continued call after
 * call while it answers `partial` with the request to continue, each answer handed to `each`.
 */
export async function untilDone<R extends { state: string; request?: Q | null }, Q>(
  first: () => Promise<R>,
  next: (request: Q) => Promise<R>,
  each: (r: R) => unknown,
): Promise<void> {
  let r = await first();
  for (;;) {
    await each(r);
    if (r.state !== 'partial' || !r.request) return;
    r = await next(r.request);
  }
}
