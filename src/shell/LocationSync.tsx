import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { useShell } from './shell-context.js';

const currentHash = () => window.location.hash;

/**
 * Follows wouter's location: when the address changes under the shell (back, forward, a wouter
 * `<Link>` or `navigate`, an old `#/…` link typed in), the shell reads it. Addresses the shell wrote
 * itself are skipped by the controller, so a push never reads back its own URL.
 */
export function LocationSync() {
  const { shell } = useShell();
  const [path] = useLocation();
  const search = useSearch();
  const hash = useLocationProperty(currentHash);
  const here = `${path}?${search}${hash}`;
  // The boot read the first address before React rendered; only later changes are news.
  const seen = useRef(here);
  useEffect(() => {
    if (seen.current === here) return;
    seen.current = here;
    shell.locationChanged();
  }, [here, shell]);
  return null;
}
