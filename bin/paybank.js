#!/usr/bin/env node
// Runs the TypeScript CLI through tsx (a runtime dependency), so the command works from a plain checkout.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
