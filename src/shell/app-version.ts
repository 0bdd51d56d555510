import { version } from '../../package.json';

/** The workspace's version (package.json); the bundler keeps only this field of the file. */
export const APP_VERSION: string = version;
