// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { zrokInvocations } from '../../src/builder/commands/shell-commands.ts';

/** Each invocation as `line: program words…`, a word on another line as `@line:word`, DYNAMIC as `$`; sorted. */
const read = (lang: string, body: string) =>
  zrokInvocations({ lang, meta: '', fenceLine: 10, content: body.split('\n') })
    .map((i) => `${i.line}: ${[i.program, ...i.args.map((a) => (a.line === i.line ? a.value : `@${a.line}:${a.value}`))].join(' ').replaceAll('\u0001', '$')}`)
    .sort();

describe('the shell reader', () => {
  it('runs what an unquoted heredoc substitutes, and nothing of its text', () => {
    expect(read('bash', 'cat > run.sh <<EOF\nzrok agent start\necho $(zrok status --secrets)\nEOF')).toEqual(['13: zrok status --secrets']);
    expect(read('bash', "cat > run.sh <<'EOF'\necho $(zrok status)\nEOF")).toEqual([]);
  });

  it('keeps the words bash passes on after a redirection', () => {
    expect(read('bash', 'zrok share public 8080 > share.log --headless 2>&1 -b web')).toEqual(['11: zrok share public 8080 --headless -b web']);
  });

  it('keeps a line break inside double quotes, and each word on its own line', () => {
    expect(read('bash', 'zrok share public \\\n  --basic-auth "a\nb" .')).toEqual(['11: zrok share public @12:--basic-auth @12:a\nb @13:.']);
  });

  it('reads docs placeholders as one word, wherever they stand', () => {
    expect(read('bash', 'zrok access private <share token> --bind 127.0.0.1:<port> <<< "$(zrok status)"')).toEqual([
      '11: zrok access private <share token> --bind 127.0.0.1:<port>',
      '11: zrok status',
    ]);
  });

  it('reads GNU-style flags in PowerShell, which its grammar does not', () => {
    expect(read('powershell', 'zrok.exe share public --backend-mode=web -b=web --frontend=$env:FRONTEND --v6 8080 > $null')).toEqual([
      '11: zrok.exe share public --backend-mode=web -b=web --frontend=$ --v6 8080',
    ]);
  });

  it("reads PowerShell's quotes", () => {
    expect(read('powershell', `zrok.exe share public --basic-auth 'it''s' "http://$env:HOST/x" \`\n  --headless`)).toEqual([
      "11: zrok.exe share public --basic-auth it's http://$/x @12:--headless",
    ]);
  });
});
