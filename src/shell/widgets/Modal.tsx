/** The modal moved to the design system (src/shell/ui); this path stays for the widgets that import it. */
export { Modal } from '../ui/Modal.js';
