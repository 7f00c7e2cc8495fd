/**
 * Type-only proof that every call in src/contract.ts is a global the bundle exports (src/index.ts)
 * with the same signature. Compiles away to nothing.
 */
import type * as globals from '../index';
import type { SIDEBAR_FUNCTIONS, SidebarApi } from '../contract';

type Server = typeof globals;
type Expect<T extends true> = T;

export type SidebarApiIsImplemented = Expect<
  Pick<Server, keyof SidebarApi> extends SidebarApi ? true : false
>;

/** And that the run-time list of calls (the playground's bridge) names every one of them. */
export type SidebarFunctionsAreListed = Expect<
  [Exclude<keyof SidebarApi, (typeof SIDEBAR_FUNCTIONS)[number]>] extends [never] ? true : false
>;
