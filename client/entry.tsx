// The browser's entry: everything it runs is in client/app.tsx, which every lazily loaded module
// imports too, so that it is one chunk (esbuild.config.mjs).
import { start } from './app';

void start();
