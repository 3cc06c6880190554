/**
 * Search relevance on the built site: queries a reader would type for a task (never a page's
 * title), each with the page route(s) that answer it, run through the browser's local client
 * against the index in dist/ (the current version). Reports top-1, top-3 and MRR@10 by page.
 * Three further lists, VALIDATION, QUESTIONS and FRESH, are scored apart. With `--version 1.0` (or 0.4) the same
 * lists run against that version's index, each answer moved under its root; a query none of whose
 * pages that version has is left out, and the count says so.
 * On the current version it exits 1 when one of the first three lists has a top-1 under 85 %, a
 * top-3 under 97 % or a query that finds nothing.
 * Usage: npx tsx bench/search-quality.ts [--verbose] [--version 1.0]  (after npm run build)
 */
import { readFile } from 'node:fs/promises';
import siteConfig from '../site.config.ts';
import { clientOverDist, modalRequest } from './search-files.ts';

const D = '/docs/';
const versionArg = process.argv.indexOf('--version');
const version = versionArg > 0 ? process.argv[versionArg + 1] : undefined;
const TAG = version ? `docs-default-${version}` : 'docs-default-current';
/** An answer's route in the version being scored. */
const inVersion = (route: string) => (version ? route.replace(/^\/docs\//, `/docs/${version}/`) : route);
const SH = `${D}guides/self-hosting/`;

/** [query, route(s) that answer it]. */
export const QUERIES: [string, string[]][] = [
  ['run zrok as a service on windows', [`${D}guides/agent/windows-service/`]],
  ['why is my share slow', [`${D}myzrok/limits/`]],
  ['allow only my team\'s emails', [`${SH}oauth/configuring-oauth/`]],
  ['move my environment to another server', [`${SH}instance-configuration/`, `${D}myzrok/upgrading/`, `${D}getting-started/`]],
  ['interstitial warning page', [`${SH}interstitial-page/`]],
  ['upgrade plan', [`${D}myzrok/upgrading/`, `${D}myzrok/limits/`]],
  ['webdav drive', [`${D}guides/drives/`]],
  ['keep the same url after restart', [`${D}concepts/sharing-reserved/`]],
  ['share a folder of files', [`${D}concepts/files/`]],
  ['expose my local web server to the internet', [`${D}concepts/http/`, `${D}concepts/sharing-public/`]],
  ['share without making it public', [`${D}concepts/sharing-private/`]],
  ['tunnel a udp game server', [`${D}concepts/tunnels/`]],
  ['forward a tcp port', [`${D}concepts/tunnels/`]],
  ['ssh into a machine behind nat', [`${D}concepts/tunnels/`, `${D}concepts/sharing-private/`]],
  ['install on ubuntu', [`${D}guides/install/linux/`]],
  ['install with homebrew on mac', [`${D}guides/install/macos/`]],
  ['install zrok on windows', [`${D}guides/install/windows/`]],
  ['which download for arm64', [`${D}guides/install/`, `${D}guides/install/linux/`]],
  ['enable my environment with the account token', [`${D}getting-started/`]],
  ['first share after signing up', [`${D}getting-started/`]],
  ['run zrok in docker compose', [`${D}guides/docker-share/docker_public_share_guide/`, `${D}guides/docker-share/`]],
  ['private share in a docker container', [`${D}guides/docker-share/docker_private_share_guide/`]],
  ['password protect a public share', [`${D}guides/docker-share/docker_public_share_guide/`, `${D}concepts/sharing-public/`]],
  ['require google login for my share', [`${SH}oauth/integrations/google/`, `${SH}oauth/configuring-oauth/`]],
  ['github oauth app callback url', [`${SH}oauth/integrations/github/`]],
  ['keycloak single sign on', [`${SH}oauth/integrations/oidc/`]],
  ['who can access my private share', [`${D}guides/permission-modes/`]],
  ['grant another account access', [`${D}guides/permission-modes/`]],
  ['health check of my backend', [`${D}guides/agent/http-healthcheck/`]],
  ['control the agent from a remote machine', [`${D}guides/agent/remoting/`]],
  ['agent systemd user service', [`${D}guides/agent/linux-service/`]],
  ['start shares from a desktop app in the background', [`${D}guides/agent/`]],
  ['nssm log rotation', [`${D}guides/agent/windows-service/`]],
  ['self host on kubernetes with helm', [`${SH}kubernetes/`]],
  ['host my own zrok controller on a linux server', [`${SH}linux/`]],
  ['self host with docker and caddy tls', [`${SH}docker/`]],
  ['wildcard certificate for nginx reverse proxy', [`${SH}linux/nginx/`]],
  ['point the cli at my own api endpoint', [`${SH}instance-configuration/`]],
  ['customize the 404 page of the frontend', [`${SH}error-pages/`]],
  ['limit bandwidth per account', [`${SH}metrics-and-limits/configuring-limits/`]],
  ['collect usage metrics with influxdb', [`${SH}metrics-and-limits/configuring-metrics/`]],
  ['rabbitmq metrics bridge', [`${SH}metrics-and-limits/configuring-metrics/`]],
  ['let users sign up themselves', [`${SH}self-service-invite/`]],
  ['add members to an org', [`${SH}organizations/`]],
  ['put my own domain in front of private shares', [`${SH}personalized-frontend/`, `${D}myzrok/custom-domains/`]],
  ['use my company domain name', [`${D}myzrok/custom-domains/`]],
  ['dns cname records for my domain', [`${D}myzrok/custom-domains/`]],
  ['how many requests per ip', [`${D}myzrok/limits/`]],
  ['rate limit on public shares', [`${D}myzrok/limits/`]],
  ['connect two networks like a vpn', [`${D}guides/vpn/`]],
  ['wintun driver', [`${D}guides/install/windows/`, `${D}guides/vpn/`]],
  ['permanent public url with frontdoor', [`${D}guides/frontdoor/`]],
  ['reset the environment after upgrading', [`${D}myzrok/upgrading/`]],
  ['difference between public and private sharing', [`${D}concepts/`, `${D}concepts/sharing-public/`, `${D}concepts/sharing-private/`]],
  ['managed service or self hosted', [`${D}concepts/hosting/`]],
  ['is zrok open source license', [`${D}concepts/opensource/`]],
  ['built on openziti', [`${D}concepts/opensource/`, `${SH}linux/`]],
  ['copy files between drives', [`${D}guides/drives/`]],
  ['sync a local folder to a drive', [`${D}guides/drives/`]],
  ['serve a static website', [`${D}concepts/files/`]],
  ['caddyfile example', [`${D}concepts/sharing-public/`, `${D}concepts/sharing-private/`]],
  ['stop sharing', [`${D}concepts/http/`, `${D}concepts/tunnels/`]],
  ['skip the warning page for trusted accounts', [`${SH}interstitial-page/`]],
  ['oauth session cookie expiry', [`${SH}oauth/configuring-oauth/`]],
  ['azure ad provider', [`${SH}oauth/integrations/oidc/`]],
  ['remove a remote share through the api', [`${D}guides/agent/remoting/`]],
];

/**
 * Validation: further reader tasks, written before any rule was tuned and kept apart so that a
 * change which helps QUERIES only by fitting them shows up as a loss here. Answers were checked
 * against the built pages.
 */
export const VALIDATION: [string, string[]][] = [
  ['delete a reserved share i no longer need', [`${D}concepts/sharing-reserved/`]],
  ['pick my own name for a share url', [`${D}concepts/sharing-reserved/`, `${D}guides/frontdoor/`]],
  ['see the traffic going through a tunnel', [`${D}concepts/tunnels/`]],
  ['host a game server for friends', [`${D}concepts/tunnels/`, `${D}concepts/`]],
  ['agent service log on linux', [`${D}guides/agent/linux-service/`]],
  ['open the agent web console', [`${D}guides/agent/`]],
  ['access a private share from another computer', [`${D}concepts/sharing-private/`]],
  ['show my own html page when a share is not found', [`${SH}error-pages/`]],
  ['sign out of the oauth frontend', [`${SH}oauth/configuring-oauth/`]],
  ['read the signed in user\'s email in my backend', [`${SH}oauth/configuring-oauth/`]],
  ['okta as identity provider', [`${SH}oauth/integrations/oidc/`]],
  ['create an oauth client id in google cloud', [`${SH}oauth/integrations/google/`]],
  ['which firewall ports does a self hosted instance need', [`${SH}docker/`, `${SH}linux/nginx/`]],
  ['traefik instead of caddy', [`${SH}docker/`]],
  ['give one account unlimited bandwidth', [`${SH}metrics-and-limits/configuring-limits/`]],
  ['what happens when i go over my daily bandwidth', [`${D}myzrok/limits/`]],
  ['install from the arch user repository', [`${D}guides/install/linux/`]],
  ['add zrok to my path on windows', [`${D}guides/install/windows/`]],
  ['apt package for debian', [`${D}guides/install/linux/`]],
  ['does zrok still have a vpn mode', [`${D}guides/vpn/`]],
  ['list the members of an organization', [`${SH}organizations/`]],
  ['request an account on a self hosted instance', [`${SH}self-service-invite/`]],
  ['which api endpoint is my cli using', [`${SH}instance-configuration/`]],
  ['browse a directory in the browser', [`${D}concepts/files/`]],
  ['protect a docker compose share with oauth email', [`${D}guides/docker-share/docker_public_share_guide/`]],
  ['my environment is broken after an update', [`${D}myzrok/upgrading/`]],
  ['publish a website with an always on linux service', [`${D}guides/frontdoor/`]],
  ['influxdb bucket and token', [`${SH}metrics-and-limits/configuring-metrics/`]],
  ['add an access grant to an existing share', [`${D}guides/permission-modes/`]],
  ['health check through the remote agent api', [`${D}guides/agent/http-healthcheck/`]],
  ['enroll an agent with the controller', [`${D}guides/agent/remoting/`]],
  ['who runs the hosted zrok service', [`${D}concepts/hosting/`]],
  ['certificate for my custom domain on myzrok', [`${D}myzrok/custom-domains/`]],
  ['run my own frontend but keep the hosted service', [`${SH}personalized-frontend/`]],
  ['helm chart values', [`${SH}kubernetes/`]],
  ['start the windows service automatically after reboot', [`${D}guides/agent/windows-service/`]],
  ['share a database privately', [`${D}concepts/sharing-private/`, `${D}concepts/tunnels/`]],
  ['copy a file from a drive to my computer', [`${D}guides/drives/`]],
  ['turn on the interstitial for a frontend', [`${SH}interstitial-page/`]],
  ['share an https server with a self signed certificate', [`${D}guides/frontdoor/`, `${D}guides/docker-share/docker_public_share_guide/`]],
];

/**
 * Questions: readers' tasks as they ask them ("how do I …", "why does …", "can I …", "where is …"),
 * naming a goal or a symptom rather than the feature. Written before the pages' `keywords:` and kept
 * apart like VALIDATION: a change is kept only if neither this list nor VALIDATION loses. The
 * first five are the examples that searched badly when the list was written.
 */
export const QUESTIONS: [string, string[]][] = [
  ['how do I take a share offline when the app behind it is unhealthy', [`${D}guides/agent/http-healthcheck/`]],
  ['how do I remove an environment from this machine', [`${D}myzrok/upgrading/`]],
  ['can I expose a minecraft server to my friends', [`${D}concepts/tunnels/`, `${D}concepts/`]],
  ['is my traffic end to end encrypted', [`${D}concepts/opensource/`, `${D}concepts/sharing-private/`]],
  ['how do I point the cli at my own server', [`${SH}instance-configuration/`]],
  ['why does my share url change every time i restart zrok', [`${D}concepts/sharing-reserved/`]],
  ['how can a friend reach my ssh server without opening ports', [`${D}concepts/tunnels/`, `${D}concepts/sharing-private/`]],
  ['can I let people download files from a folder on my laptop', [`${D}concepts/files/`, `${D}guides/drives/`]],
  ['where does the windows service write its logs', [`${D}guides/agent/windows-service/`]],
  ['how do I make zrok start automatically when the machine boots', [`${D}guides/agent/windows-service/`, `${D}guides/agent/linux-service/`, `${D}guides/frontdoor/`, `${D}guides/linux-user-share/`]],
  ['why do visitors see a warning page before my site loads', [`${SH}interstitial-page/`]],
  ['why does curl get an html page instead of my api response', [`${SH}interstitial-page/`]],
  ['can I use auth0 to protect my public share', [`${SH}oauth/integrations/oidc/`]],
  ['how do I install zrok on a raspberry pi', [`${D}guides/install/`, `${D}guides/install/linux/`]],
  ['where do I get an account token', [`${D}getting-started/`]],
  ['why are requests to my public share being blocked', [`${D}myzrok/limits/`]],
  ['how much bandwidth can I use each day', [`${D}myzrok/limits/`]],
  ['can I use my own domain instead of zrok.io', [`${D}myzrok/custom-domains/`, `${SH}personalized-frontend/`]],
  ['how do I run my own zrok server with docker', [`${SH}docker/`]],
  ['how do I get a tls certificate for my self hosted instance', [`${SH}linux/nginx/`, `${SH}docker/`]],
  ['what ports does a self hosted controller listen on', [`${SH}linux/`, `${SH}docker/`]],
  ['how do I create an account for someone on my instance', [`${SH}linux/`, `${SH}self-service-invite/`]],
  ['where is the zrok configuration file stored', [`${SH}instance-configuration/`]],
  ['can I share only with specific zrok accounts', [`${D}guides/permission-modes/`]],
  ['how do I revoke someone\'s access to my share', [`${D}guides/permission-modes/`]],
  ['how do I track bandwidth usage on my own instance', [`${SH}metrics-and-limits/configuring-metrics/`, `${SH}metrics-and-limits/configuring-limits/`]],
  ['how do I stop one user from using too much bandwidth', [`${SH}metrics-and-limits/configuring-limits/`]],
  ['can I run zrok in a container without installing it', [`${D}guides/docker-share/`, `${D}guides/docker-share/docker_public_share_guide/`]],
  ['how do I reach a private share from another container', [`${D}guides/docker-share/docker_private_share_guide/`]],
  ['can I mount a share as a network drive', [`${D}guides/drives/`]],
  ['how do I back up a folder to a zrok drive', [`${D}guides/drives/`]],
  ['can I manage shares on another machine from my laptop', [`${D}guides/agent/remoting/`]],
  ['is there a web ui for managing my shares', [`${D}guides/agent/`, `${D}getting-started/`]],
  ['can I use zrok without paying', [`${D}concepts/opensource/`, `${D}concepts/hosting/`]],
  ['how do I show my own page instead of the zrok 502 error', [`${SH}error-pages/`]],
  ['how do I group users into teams on my instance', [`${SH}organizations/`]],
  ['can zrok run in my k8s cluster', [`${SH}kubernetes/`]],
  ['how do I keep a website online after i log out', [`${D}guides/frontdoor/`]],
  ['why is the zrok command not found on windows', [`${D}guides/install/windows/`]],
  ['how do I install zrok on fedora', [`${D}guides/install/linux/`]],
];

/**
 * Fresh questions: a fourth list, written after every page had keywords and before the ranking
 * rules that came after them (time-unit adjectives, question quantifiers). Never used to choose a
 * rule or a value, only to check that what helped the lists above did not hurt readers it was not
 * fitted to. Answers checked against the built pages.
 */
export const FRESH: [string, string[]][] = [
  ['how do I share the web app running on port 3000', [`${D}concepts/http/`, `${D}getting-started/`, `${D}concepts/sharing-public/`]],
  ['can I share my photo folder as a website', [`${D}concepts/files/`]],
  ['how do I install zrok on my macbook', [`${D}guides/install/macos/`]],
  ['where do I download zrok for windows', [`${D}guides/install/windows/`]],
  ['how do I keep the agent running after I log out on linux', [`${D}guides/agent/linux-service/`]],
  ['can I require visitors to sign in with google', [`${SH}oauth/integrations/google/`, `${SH}oauth/configuring-oauth/`]],
  ['how do I make a share that only my own devices can reach', [`${D}concepts/sharing-private/`, `${D}guides/permission-modes/`]],
  ['how do I keep my share running after I close the terminal', [`${D}guides/agent/`, `${D}guides/frontdoor/`, `${D}guides/agent/linux-service/`, `${D}guides/agent/windows-service/`]],
  ['what do I do if my environment stopped working after moving to 1.0', [`${D}myzrok/upgrading/`]],
  ['how do I add dns records for my own domain on myzrok', [`${D}myzrok/custom-domains/`]],
  ['why can I not create another share on the free plan', [`${D}myzrok/limits/`]],
  ['how do I join two machines into one network', [`${D}guides/vpn/`]],
  ['can I install a zrok instance with a helm chart', [`${SH}kubernetes/`]],
  ['how do I let people log in with their github account', [`${SH}oauth/integrations/github/`, `${SH}oauth/configuring-oauth/`]],
  ['where do I set how many environments an account may have', [`${SH}metrics-and-limits/configuring-limits/`]],
  ['how do I send usage data to influxdb', [`${SH}metrics-and-limits/configuring-metrics/`]],
  ['can people ask for an account on my own zrok server', [`${SH}self-service-invite/`]],
  ['how do I know when the service behind my share goes down', [`${D}guides/agent/http-healthcheck/`]],
  ['can another program create shares on my computer through an api', [`${D}guides/agent/remoting/`]],
  ['how do I publish a web port of a docker container', [`${D}guides/docker-share/docker_public_share_guide/`, `${D}guides/docker-share/`]],
  ['how do I get a share url that stays the same', [`${D}concepts/sharing-reserved/`]],
  ['where can I read the zrok source code', [`${D}concepts/opensource/`]],
  ['who runs zrok.io', [`${D}concepts/hosting/`]],
  ['what does the closed permission mode do', [`${D}guides/permission-modes/`]],
  ['how do I reach a remote desktop through zrok', [`${D}concepts/tunnels/`, `${D}concepts/sharing-private/`]],
  ['how do I put nginx in front of my controller', [`${SH}linux/nginx/`]],
  ['why does my public share show a page asking me to continue', [`${SH}interstitial-page/`]],
  ['how do I switch the cli back to zrok.io', [`${SH}instance-configuration/`]],
  ['how do I copy files from my laptop to a drive share', [`${D}guides/drives/`]],
  ['how do I give a teammate admin rights in an organization', [`${SH}organizations/`]],
  ['how long does an oauth login last before visitors sign in again', [`${SH}oauth/configuring-oauth/`]],
  ['can I share a udp service like a game', [`${D}concepts/tunnels/`]],
  ['can I put my logo on the error page', [`${SH}error-pages/`]],
  ['what headers does my app get with the visitor email', [`${SH}oauth/configuring-oauth/`]],
];


const routeOf = (url: string) => url.replace(/#.*$/, '');
const verbose = process.argv.includes('--verbose');

const sitemap = await readFile('dist/sitemap.xml', 'utf8');
const known = new Set([...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]));
/** A route of the current version, or of an older one only (0.4's Linux User Share). */
const inSomeVersion = (route: string) => siteConfig.versions.map((v) => route.replace(/^\/docs\//, `/docs/${v.pathPrefix}`)).some((r) => known.has(r));
const missing = [...QUERIES, ...VALIDATION, ...QUESTIONS, ...FRESH].flatMap(([, routes]) => routes).filter((r) => !inSomeVersion(r));
if (missing.length) throw new Error(`routes not in dist/sitemap.xml: ${[...new Set(missing)].join(', ')}`);
/** The queries of a list that the version being scored can answer, with its own routes. */
const answerable = (list: [string, string[]][]): [string, string[]][] =>
  list.map(([q, routes]): [string, string[]] => [q, routes.map(inVersion).filter((r) => known.has(r))]).filter(([, routes]) => routes.length > 0);

const { client } = clientOverDist('dist', [TAG]);

/** Runs one list and prints its figures (and, with --verbose, every query whose page is not first). */
async function score(name: string, all: [string, string[]][]) {
  const list = answerable(all);
  const left = all.length - list.length;
  let top1 = 0, top3 = 0, mrr = 0, empty = 0;
  for (const [query, routes] of list) {
    const { results } = await client.search({ requests: [modalRequest(TAG, query)] });
    const pages: string[] = [];
    for (const h of results[0].hits) if (!pages.includes(routeOf(h.url))) pages.push(routeOf(h.url));
    const rank = pages.slice(0, 10).findIndex((p) => routes.includes(p)) + 1;
    if (rank === 1) top1++;
    if (rank >= 1 && rank <= 3) top3++;
    if (rank) mrr += 1 / rank;
    if (!results[0].nbHits) empty++;
    if (verbose && rank !== 1) console.log(`${rank || '-'}\t${query}\t→ ${pages.slice(0, 3).join(' ')}`);
  }
  const pct = (n: number) => `${((100 * n) / list.length).toFixed(1)} %`;
  console.log(`${name}: ${list.length} queries${left ? ` (${left} left out: no page of ${version} answers them)` : ''} (${TAG}): top-1 ${pct(top1)}, top-3 ${pct(top3)}, MRR@10 ${(mrr / list.length).toFixed(3)}, no results ${empty}`);
  return { name, top1: top1 / list.length, top3: top3 / list.length, empty };
}

/** The goal on the current version's three lists (the fresh list is a check, not a goal). */
const GOAL = { top1: 0.85, top3: 0.97 };
const goalLists = [await score('main', QUERIES), await score('validation', VALIDATION), await score('questions', QUESTIONS)];
await score('fresh', FRESH);
const missed = goalLists.flatMap((l) => [
  ...(l.top1 < GOAL.top1 ? [`${l.name}: top-1 under ${100 * GOAL.top1} %`] : []),
  ...(l.top3 < GOAL.top3 ? [`${l.name}: top-3 under ${100 * GOAL.top3} %`] : []),
  ...(l.empty ? [`${l.name}: ${l.empty} queries find nothing`] : []),
]);
if (!version && missed.length) {
  console.error(`goal missed:\n${missed.join('\n')}`);
  process.exit(1);
}
