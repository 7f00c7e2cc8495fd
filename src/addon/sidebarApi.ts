/**
 * Type-only proof that every call in src/ui/api.ts has a server function of the same signature
 * (exported as a global by src/index.ts). Compiles away to nothing.
 */
import type { SidebarApi } from '../ui/api';
import type * as monitor from './monitor';
import type * as generation from './previewGeneration';
import type * as polling from './previewPolling';
import type * as scores from './scores';
import type * as settings from './settings';

type Server = typeof generation & typeof polling & typeof settings & typeof monitor & typeof scores;
type Expect<T extends true> = T;

export type SidebarApiIsImplemented = Expect<
  Pick<Server, keyof SidebarApi> extends SidebarApi ? true : false
>;
