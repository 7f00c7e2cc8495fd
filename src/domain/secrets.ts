/** How a secret (the API key, a team webhook) is shown: eight dots and its last four characters. */
export function maskSecret(secret: string): string {
  return `${'•'.repeat(8)}${secret.length > 8 ? secret.slice(-4) : ''}`;
}
