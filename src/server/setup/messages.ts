/** Texts the setup calls answer with (api/endpoints.md §2), shared by setup mode and the normal app. */
export const ALREADY_CONFIGURED = 'Germinate has already been configured successfully.';
export const NOT_CONFIGURED = 'Germinate is not set up yet: complete the setup first.';
