#!/usr/bin/env node
// The `pds` command: loads the TypeScript sources through the project's tsx, resolved from this file,
// so it runs from any working directory.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
