/**
 * The table's dialogs (filter, filter line, columns, jump to page), one lazy chunk: a table's first
 * rows do not wait for code that only runs once someone opens one of them.
 */
export { ColumnPicker } from './ColumnPicker.js';
export { FilterLine } from './FilterLine.js';
export { FilterModal } from './FilterModal.js';
export { JumpToPage } from './JumpToPage.js';
