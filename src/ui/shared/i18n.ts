import type { SidebarBoot } from '../../core/i18n/sidebar-page';
import { type Words, wordsFor } from './words';

declare global {
  interface Window {
    /** Set by the server when it serves the sidebar (core/i18n/sidebar-page.ts). */
    CRM_BOOT?: SidebarBoot;
  }
}

/** Without boot data (a sidebar file opened by hand), keys show as they are: a gap is visible. */
const FALLBACK_BOOT: SidebarBoot = {
  lang: 'en',
  formatLocale: 'en-US',
  timeZone: 'UTC',
  strings: {},
};

/** This sidebar's words and formats. */
export const words: Words = wordsFor(window.CRM_BOOT ?? FALLBACK_BOOT);
export const t = words.t;
