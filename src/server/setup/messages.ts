/** Texts the setup calls (setup/check/*, setup/store) answer with, shared by setup mode and the normal app. */
export const ALREADY_CONFIGURED = 'Germinate has already been configured successfully.';
export const NOT_CONFIGURED = 'Germinate is not set up yet: complete the setup first.';
