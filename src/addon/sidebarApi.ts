/**
 * Type-only proof that every call in src/contract.ts is a global the bundle exports (src/index.ts)
 * with the same signature. Compiles away to nothing.
 */
import type * as globals from '../index';
import type { SidebarApi } from '../contract';

type Server = typeof globals;
type Expect<T extends true> = T;

export type SidebarApiIsImplemented = Expect<
  Pick<Server, keyof SidebarApi> extends SidebarApi ? true : false
>;
