export function baseUrlProblem(value: string | undefined): string | null;
export function allowlistProblems(prefixes: unknown): string[];
export function schemaProblems(manifest: unknown): string[];
export const SCOPE_USES: Record<string, string>;
export function manifestProblems(
  manifest: { urlFetchWhitelist?: string[]; oauthScopes?: string[] },
  code: string,
): string[];
