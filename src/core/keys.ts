/**
 * Keys in one import: the binding strings (parse, normalise, format) and the keymap that resolves them
 * per focused pane.
 */
export * from './key-parse.js';
export * from './keymap.js';
