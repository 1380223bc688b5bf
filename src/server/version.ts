import pkg from '../../package.json' with { type: 'json' };

/** The app version, from package.json (the release notes' latest entry must match it). */
export const APP_VERSION: string = pkg.version;
