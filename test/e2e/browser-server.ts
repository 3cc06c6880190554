/**
 * One Chromium for every end-to-end file of a run: scripts/test-all.sh starts this, reads the endpoint it prints,
 * and passes it on as E2E_BROWSER_WS (see launchBrowser in support.ts). It runs until it is sent SIGTERM.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './support.ts';

const server = await chromium.launchServer({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
process.stdout.write(`${server.wsEndpoint()}\n`);
process.on('SIGTERM', () => void server.close().finally(() => process.exit(0)));
