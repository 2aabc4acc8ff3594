import cliPackage from './package.json' with { type: 'json' };

/** The version of the `pds-cli` package, the one `npm install -g` installs. */
export const PDS_VERSION: string = cliPackage.version;
