/** Replaced by esbuild at build time with the configured CRM base URL (crm.config.json or CRM_BASE_URL). */
declare const CRM_DEFAULT_BASE_URL: string;
