/** The design system: components over the tokens in tokens.css (styles in components.css, part of the entry CSS). */
export { Button, buttonClass, type ButtonProps, type ButtonVariant } from './Button.js';
export { IconButton, type IconButtonProps } from './IconButton.js';
export { Checkbox, ErrorText, Field, Input, Select } from './Field.js';
export { CheckField, CheckList, ColourList, TextField, type ColourTexts } from './fields.js';
export { Confirm } from './Confirm.js';
export { FileDrop } from './FileDrop.js';
export { Modal } from './Modal.js';
export { Tabs, type TabSpec } from './Tabs.js';
export { Toolbar } from './Toolbar.js';
