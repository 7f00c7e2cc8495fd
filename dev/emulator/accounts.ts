/** Accounts keyed by API key. The defaults cover every refusal the spec names. */
import { readFileSync } from 'node:fs';

export interface Account {
  name: string;
  plan: 'free' | 'starter' | 'pro';
  readOnly: boolean;
  /** The partner team's slug; null when the account has no partner team. */
  partnerSlug: string | null;
  /** A verified custom domain for white-label report links. */
  customDomain: string | null;
}

export const DEFAULT_ACCOUNTS: Record<string, Account> = {
  'demo-pro-key': {
    name: 'Pro partner with a custom domain',
    plan: 'pro',
    readOnly: false,
    partnerSlug: 'northwind-agency',
    customDomain: 'reports.northwind-agency.example',
  },
  'demo-starter-key': {
    name: 'Starter partner',
    plan: 'starter',
    readOnly: false,
    partnerSlug: 'bluebird-growth',
    customDomain: null,
  },
  'demo-free-key': {
    name: 'Free plan',
    plan: 'free',
    readOnly: false,
    partnerSlug: 'free-team',
    customDomain: null,
  },
  'demo-readonly-key': {
    name: 'Read-only account',
    plan: 'pro',
    readOnly: true,
    partnerSlug: 'archive-team',
    customDomain: null,
  },
  'demo-nopartner-key': {
    name: 'No partner team',
    plan: 'pro',
    readOnly: false,
    partnerSlug: null,
    customDomain: null,
  },
};

export function loadAccounts(file: string | undefined): Record<string, Account> {
  if (!file) return { ...DEFAULT_ACCOUNTS };
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, Account>;
}
