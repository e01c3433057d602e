#!/usr/bin/env node
// The `station` command. The core is TypeScript run through tsx's loader, so a checkout
// works right after `npm ci` with no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/core/cli.ts');
process.exitCode = await main(process.argv.slice(2));
