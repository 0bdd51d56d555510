import Bowser from 'bowser';

/**
 * The usage logger (issue 5): one anonymous GET per page load to the URL the
 * administrator configured, carrying application name, client id, version, locale and OS. Unlike the
 * original it needs consent (analytics only once cookies are accepted), never sends the token or
 * cookies to the third-party host, and keeps its client id.
 */

export const USAGE_LOGGER_APPLICATION = 'Germinate Workspace';

/** Hosts that are development or test machines, never real use. */
const LOCAL_HOSTS: ReadonlySet<string> = new Set(['', 'localhost', '127.0.0.1', '[::1]', '::1']);

export interface UsageLogInput {
  /** settings.usageLoggerUrl; unset = no logging. */
  url: unknown;
  cookiesAccepted: boolean | null;
  hostname: string;
  userAgent: string;
  /** navigator.webdriver: the page is driven by automation (a test, a crawler). */
  automated?: boolean;
  clientId: string;
  version: string;
  locale: string;
}

/** `name version` of the OS, or null when unknown or when the agent is a bot (then nothing is logged). */
export function operatingSystem(userAgent: string): string | null {
  const parsed = Bowser.parse(userAgent);
  // Bowser knows the named crawlers; headless browsers and generic crawlers only show in the agent text.
  if (parsed.platform.type === 'bot' || /bot\b|crawler|spider|headless/i.test(userAgent)) return null;
  const name = parsed.os.name;
  if (!name) return null;
  const version = parsed.os.versionName ?? parsed.os.version ?? '';
  return `${name} ${version}`.trim();
}

function httpUrl(value: unknown): URL | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

type Conditions = Pick<UsageLogInput, 'url' | 'cookiesAccepted' | 'hostname' | 'userAgent' | 'automated'>;

/** The logger URL and the OS when this load may be logged, else null. */
function allowed(input: Conditions): { url: URL; os: string } | null {
  const url = httpUrl(input.url);
  if (!url || input.cookiesAccepted !== true || input.automated) return null;
  if (LOCAL_HOSTS.has(input.hostname.toLowerCase())) return null;
  const os = operatingSystem(input.userAgent);
  return os === null ? null : { url, os };
}

/** The address to GET, or null when this load must not be logged. Pure, so each rule is tested. */
export function usageLogRequest(input: UsageLogInput): string | null {
  const ok = allowed(input);
  if (!ok) return null;
  const { url, os } = ok;
  const query = { application: USAGE_LOGGER_APPLICATION, id: input.clientId, version: input.version, locale: input.locale, os };
  for (const key of Object.keys(query)) url.searchParams.delete(key);
  // Encoded by hand: URLSearchParams writes spaces as '+', the logger's other clients send %20.
  const ours = Object.entries(query).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  url.search = [url.search.slice(1), ...ours].filter((part) => part !== '').join('&');
  return url.toString();
}

export interface UsageLoggerDeps extends Omit<UsageLogInput, 'clientId'> {
  /** The persisted client id, created (and stored by the caller) on first use. */
  clientId(): string;
  fetch(url: string, init: RequestInit): Promise<unknown>;
}

let sentThisLoad = false;

/**
 * Sends the log once per page load when every rule allows it; true when it was sent now. The client
 * id is only asked for (and so only created) when the log goes out.
 */
export function logUsage(deps: UsageLoggerDeps): boolean {
  if (sentThisLoad || !allowed(deps)) return false;
  const request = usageLogRequest({ ...deps, clientId: deps.clientId() });
  if (request === null) return false;
  sentThisLoad = true;
  // Plain fetch, not the API client: no Authorization header and no cookies go to another host.
  void deps.fetch(request, { method: 'GET', credentials: 'omit', referrerPolicy: 'no-referrer', cache: 'no-store' }).catch(() => undefined);
  return true;
}

/** Tests only: start a new "page load". */
export function resetUsageLoggerForTests(): void {
  sentThisLoad = false;
}
