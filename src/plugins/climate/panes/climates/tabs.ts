/** The tabs of a climate's page, in order (the pane and its next/previous tab commands share them). */
export const CLIMATE_TABS = ['chart', 'data', 'datasets', 'overlays'] as const;
export type ClimateTab = (typeof CLIMATE_TABS)[number];
