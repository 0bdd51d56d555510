import type { ClientPlugin, CommandSpec } from '../core/contracts.js';
import { FORBIDDEN_PANE_TYPE, NOT_FOUND_PANE_TYPE } from '../core/guard.js';
import type { FocusDirection } from '../core/layout.js';
import { HOME_PANE } from '../core/layout.js';
import { and, loggedIn, not, predicate } from '../core/when.js';
import { feedbackPrefill, type ShellModalRequest } from './modals/modal-request.js';
import type { ClientSettings } from './pane-api.js';
import type { ShellController } from './shell-controller.js';
import { mapCommands } from './widgets/map/commands.js';

/**
 * The shell's own plugin: the core panes (home, login, cookies, 403, 404, setup, keyboard
 * help) and the workspace and shell commands, the shell's modals included. It is a plugin like any other, so the palette, the help pane and
 * the keys treat core and domain commands alike.
 */

export const HELP_PANE_TYPE = 'core:keyboard-help';
export const LOGIN_PANE_TYPE = 'core:login';
export const COOKIES_PANE_TYPE = 'core:cookies';

export interface CorePluginDeps {
  shell: ShellController;
  toggleDarkMode(): void;
  /** Cycles en_GB ⇄ de_DE. */
  switchLocale(): void;
  logout(): Promise<void>;
  toggleSidebar(): void;
  /** Opens the login pane, remembering where the user was so the login returns there. */
  login(): void;
  print(): void;
  /** Opens one of the shell's modals (session token, feedback, changelog, chart colours, register, consent). */
  openModal(request: ShellModalRequest): void;
  /** The public settings as they are now (they change when an administrator saves). */
  settings(): ClientSettings;
}

/** Percent of the parent split that one grow or shrink moves the bar. */
const RESIZE_STEP = 10;
const DIRECTIONS: readonly FocusDirection[] = ['left', 'right', 'up', 'down'];
const ARROW: Record<FocusDirection, string> = { left: 'ArrowLeft', right: 'ArrowRight', up: 'ArrowUp', down: 'ArrowDown' };

/** Commands that only make sense with more than one pane. */
const severalPanes = predicate('severalPanes', (context) => context['shell.paneCount'] !== 1);
const loginAllowed = predicate('loginAllowed', (context) => context.authMode !== 'NONE');

export function createCorePlugin(deps: CorePluginDeps): ClientPlugin {
  const { shell } = deps;
  const feedbackEnabled = predicate('supportsFeedback', () => deps.settings().supportsFeedback === true);
  const registrationEnabled = predicate('registrationEnabled', () => deps.settings().registrationEnabled === true);
  const commands: CommandSpec[] = [
    { id: 'shell:open-palette', titleKey: 'shell.command.openPalette', keys: ['$mod+k'], run: () => shell.setPaletteOpen(true) },
    { id: 'shell:keyboard-help', titleKey: 'shell.command.keyboardHelp', keys: ['Shift+?'], run: () => shell.open({ type: HELP_PANE_TYPE, params: {} }, 'right') },
    { id: 'workspace:split-right', titleKey: 'shell.command.splitRight', keys: ['Alt+Backslash'], run: () => shell.split('right') },
    { id: 'workspace:split-down', titleKey: 'shell.command.splitDown', keys: ['Alt+Minus'], run: () => shell.split('down') },
    { id: 'workspace:close-pane', titleKey: 'shell.command.closePane', keys: ['Alt+KeyW'], run: () => shell.close() },
    { id: 'workspace:toggle-maximise', titleKey: 'shell.command.toggleMaximise', keys: ['Alt+KeyM'], when: severalPanes, run: () => shell.toggleMaximise() },
    ...DIRECTIONS.map((direction): CommandSpec => ({
      id: `workspace:focus-${direction}`,
      titleKey: `shell.command.focus.${direction}`,
      keys: [`Alt+${ARROW[direction]}`],
      when: severalPanes,
      run: () => shell.moveFocus(direction),
    })),
    ...DIRECTIONS.map((direction): CommandSpec => ({
      id: `workspace:swap-${direction}`,
      titleKey: `shell.command.swap.${direction}`,
      keys: [`Alt+Shift+${ARROW[direction]}`],
      when: severalPanes,
      run: () => shell.swap(direction),
    })),
    { id: 'workspace:grow-pane', titleKey: 'shell.command.growPane', keys: ['Alt+Shift+Equal'], when: severalPanes, run: () => shell.resize(RESIZE_STEP) },
    { id: 'workspace:shrink-pane', titleKey: 'shell.command.shrinkPane', keys: ['Alt+Shift+Minus'], when: severalPanes, run: () => shell.resize(-RESIZE_STEP) },
    { id: 'shell:toggle-sidebar', titleKey: 'shell.command.toggleSidebar', keys: ['Alt+KeyB'], run: () => deps.toggleSidebar() },
    { id: 'workspace:go-home', titleKey: 'shell.command.goHome', keys: ['Alt+KeyH'], run: () => shell.open(HOME_PANE, 'replace') },
    { id: 'shell:toggle-dark-mode', titleKey: 'shell.command.toggleDarkMode', keys: ['Alt+Shift+KeyD'], run: () => deps.toggleDarkMode() },
    { id: 'shell:switch-locale', titleKey: 'shell.command.switchLocale', keys: ['Alt+Shift+KeyL'], run: () => deps.switchLocale() },
    { id: 'shell:login', titleKey: 'shell.command.login', when: and(loginAllowed, not(loggedIn)), run: () => deps.login() },
    { id: 'shell:logout', titleKey: 'shell.command.logout', when: loggedIn, run: () => deps.logout() },
    { id: 'shell:print-pane', titleKey: 'shell.command.printPane', keys: ['Alt+KeyP'], run: () => deps.print() },
    { id: 'shell:session-token', titleKey: 'shell.command.sessionToken', when: loggedIn, run: () => deps.openModal({ kind: 'session-token' }) },
    { id: 'shell:feedback', titleKey: 'shell.command.feedback', keys: ['Alt+Shift+KeyF'], when: feedbackEnabled, run: (args) => deps.openModal({ kind: 'feedback', prefill: feedbackPrefill(args) }) },
    { id: 'shell:cookie-consent', titleKey: 'shell.command.cookieConsent', run: () => deps.openModal({ kind: 'cookie-consent' }) },
    { id: 'shell:changelog', titleKey: 'shell.command.changelog', run: () => deps.openModal({ kind: 'changelog', since: null }) },
    { id: 'shell:chart-colours', titleKey: 'shell.command.chartColours', run: () => deps.openModal({ kind: 'chart-colours' }) },
    {
      id: 'shell:register',
      titleKey: 'shell.command.register',
      when: and(loginAllowed, not(loggedIn), registrationEnabled),
      run: () => deps.openModal({ kind: 'register', mode: 'new' }),
    },
    ...mapCommands,
  ];
  return {
    id: 'core',
    contributes: {
      panes: [
        { id: HOME_PANE.type, route: '/home', pageName: 'home', titleKey: 'home.title', load: () => import('./panes/HomePane.js') },
        { id: LOGIN_PANE_TYPE, route: '/login', pageName: 'login', titleKey: 'login.title', inSidebar: false, load: () => import('./panes/LoginPane.js') },
        { id: COOKIES_PANE_TYPE, route: '/cookies', pageName: 'cookies', titleKey: 'cookies.title', inSidebar: false, load: () => import('./panes/CookiesPane.js') },
        { id: 'core:setup', route: '/setup', pageName: 'setup', titleKey: 'shell.setup.title', inSidebar: false, load: () => import('./panes/SetupPane.js') },
        { id: FORBIDDEN_PANE_TYPE, route: '/403', pageName: '403', titleKey: 'error.page.forbidden.title', inSidebar: false, load: () => import('./panes/ForbiddenPane.js') },
        { id: NOT_FOUND_PANE_TYPE, route: '/404', pageName: '404', titleKey: 'error.page.notFound.title', inSidebar: false, load: () => import('./panes/NotFoundPane.js') },
        // The marked items of every type; each type's own page is its domain's (`/marked-items/germplasm`…).
        { id: 'core:marked-items', route: '/marked-items', pageName: 'marked-items', titleKey: 'marked.title.all', load: () => import('./panes/MarkedItemsPane.js') },
        { id: 'core:marked-items-type', route: '/marked-items/:itemType', pageName: 'marked-items-type', titleKey: 'marked.title.all', inSidebar: false, load: () => import('./panes/MarkedItemsPane.js') },
        // Not one of Germinate's pages, so it lives under a path Germinate's client does not use.
        { id: HELP_PANE_TYPE, route: '/help/keyboard', pageName: 'keyboard-help', titleKey: 'help.title', hideable: false, load: () => import('./panes/KeyboardHelpPane.js') },
      ],
      commands,
    },
  };
}
