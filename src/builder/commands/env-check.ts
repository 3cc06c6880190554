/**
 * Holds the ZROK_* variables a page's examples set to those the release reads (content/cli/<version>.json
 * `environment`: its Go code, the scripts it ships and the Docker files that substitute variables). A
 * variable nothing reads changes nothing, and a reader who sets it is misled.
 *
 * Where a variable is set:
 * - a Compose file's `environment:` (as a map key or as a `NAME=value` list item);
 * - any other block: `NAME=value` or `export NAME=value` at the start of a line (env files, shell), and
 *   `-e NAME` / `--env NAME=value` (docker run). A shell variable the same block then reads itself
 *   (`$NAME`) is the block's own, and does not count.
 */
import { isMap, isScalar, isSeq } from 'yaml';
import type { CliFacts } from './cli-facts.ts';
import type { CodeFence } from './code-fences.ts';
import { composeServices } from './compose-commands.ts';

/**
 * Variables the pages set although the release reads none of them, each shown with the page's own
 * explanation next to it. Keep this short: every entry is a sentence the pages must keep saying.
 */
export const SET_BUT_NOT_READ: Record<string, string> = {
  // The release's zrok-share.env and public-share compose file list it with the value "public", so the
  // pages show it as the files do, and say beside it that zrok-share.bash ignores it and what to use.
  ZROK_FRONTENDS: 'listed in the release\'s sample files; the pages say no script reads it',
};

const NAME = String.raw`ZROK_[A-Z0-9_]*[A-Z0-9]`;
const IS_NAME = new RegExp(`^${NAME}$`);
const ASSIGNMENT = new RegExp(String.raw`^\s*(?:export\s+)?(${NAME})=`);
const DOCKER_ENV = new RegExp(String.raw`(?:^|\s)(?:-e|--env)(?:\s+|=)(${NAME})\b`, 'g');

interface Setting {
  name: string;
  line: number;
}

function composeSettings(fence: CodeFence): Setting[] {
  const out: Setting[] = [];
  for (const { service, lineOf } of composeServices(fence)) {
    const env = service.get('environment', true);
    if (isMap(env)) {
      for (const pair of env.items) if (isScalar(pair.key)) out.push({ name: String(pair.key.value), line: lineOf(pair.key) });
    } else if (isSeq(env)) {
      for (const item of env.items) if (isScalar(item)) out.push({ name: String(item.value).split('=')[0], line: lineOf(item) });
    }
  }
  return out;
}

function shellSettings(fence: CodeFence): Setting[] {
  const body = fence.content.join('\n');
  const out: Setting[] = [];
  fence.content.forEach((text, i) => {
    const line = fence.fenceLine + 1 + i;
    const assign = ASSIGNMENT.exec(text);
    if (assign) out.push({ name: assign[1], line });
    for (const m of text.matchAll(DOCKER_ENV)) out.push({ name: m[1], line });
  });
  return out.filter((s) => !new RegExp(String.raw`\$\{?${s.name}\b`).test(body));
}

export function environmentProblems(fence: CodeFence, facts: CliFacts): { line: number; message: string }[] {
  const isYaml = fence.lang === 'yaml' || fence.lang === 'yml';
  const settings = isYaml ? composeSettings(fence) : shellSettings(fence);
  return settings
    .filter((s) => IS_NAME.test(s.name) && !(s.name in facts.environment) && !(s.name in SET_BUT_NOT_READ))
    .map((s) => ({ line: s.line, message: `${s.name} → no script, Docker file or Go code of ${facts.tag} reads this variable` }));
}
