/**
 * Build-time settings, injected by build.mjs (esbuild `define`); the same defaults file applies
 * where nothing is injected (unit tests).
 */
import defaults from '../build-defaults.json';

declare const __VIS_BASE_URL__: string | undefined;
declare const __VIS_TRIGGER_MINUTES__: number | undefined;
declare const __VIS_ALLOWLIST__: string[] | undefined;
declare const __VIS_VERSION__: string | undefined;
declare const __VIS_LOOKER_TEMPLATE__: string | undefined;

/** The add-on's version (package.json), shown in Help and in the diagnostics. */
export const VERSION: string = typeof __VIS_VERSION__ === 'string' ? __VIS_VERSION__ : 'dev';

/** The Looker Studio template report "Open in Looker Studio" copies ('' where none is set). */
export const LOOKER_TEMPLATE: string =
  typeof __VIS_LOOKER_TEMPLATE__ === 'string' ? __VIS_LOOKER_TEMPLATE__ : defaults.lookerTemplate;

export const DEFAULT_BASE_URL: string =
  typeof __VIS_BASE_URL__ === 'string' ? __VIS_BASE_URL__ : defaults.baseUrl;

/** 60 for the Marketplace add-on (its limit), 1 for a script bound to one spreadsheet. */
export const POLL_TRIGGER_MINUTES: number =
  typeof __VIS_TRIGGER_MINUTES__ === 'number' ? __VIS_TRIGGER_MINUTES__ : defaults.triggerMinutes;

/**
 * The addresses Settings accepts: a published add-on can fetch only under its manifest's
 * urlFetchWhitelist (https://developers.google.com/apps-script/manifest/allowlist-url).
 */
export const ALLOWLIST: string[] =
  typeof __VIS_ALLOWLIST__ === 'object'
    ? __VIS_ALLOWLIST__
    : [`${DEFAULT_BASE_URL}/`, 'http://127.0.0.1:'];

/**
 * The team channels a schedule's alerts may also go to, by the address prefix of their incoming
 * webhooks (Slack: https://api.slack.com/messaging/webhooks; Google Chat:
 * https://developers.google.com/workspace/chat/quickstart/webhooks). Both prefixes are in the
 * manifest's allowlist (build.mjs), and no other webhook address is accepted.
 */
export const WEBHOOK_PREFIXES: Readonly<Record<keyof typeof defaults.webhooks, string>> =
  defaults.webhooks;
export type WebhookKind = keyof typeof WEBHOOK_PREFIXES;
