/** Build-time facts about how this bundle is deployed (see scripts/build.ts). */
declare const CRM_PUBLISHED_ADDON: boolean;

/** A published editor add-on may run time-driven triggers at most hourly. */
export const PUBLISHED_ADDON: boolean =
  typeof CRM_PUBLISHED_ADDON === 'boolean' ? CRM_PUBLISHED_ADDON : false;
