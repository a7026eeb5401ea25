// Compiles the message catalogues (shared/i18n/messages/{en,fr}.json) into one function per message
// (shared/i18n/generated), ahead of every build, test and typecheck: nothing parses a message at run time.
import { compile } from '@inlang/paraglide-js';
import { readFile, writeFile } from 'node:fs/promises';

/** Where the compiled messages go: git-ignored, written again by each build. */
export const I18N_OUTDIR = 'shared/i18n/generated';

/**
 * One module per language (`messages/en.js`, `messages/fr.js`) beside the index that picks the
 * request's: the Worker imports the index, and each browser bundle is built against one
 * language's module, so a page ships only its own language's strings, and only those its islands use.
 */
export async function compileMessages(): Promise<void> {
  await compile({
    project: 'shared/i18n/project.inlang',
    outdir: I18N_OUTDIR,
    outputStructure: 'locale-modules',
    emitGitIgnore: false,
    emitPrettierIgnore: false,
    emitReadme: false,
    strategy: ['baseLocale'],
  });
  await declareMessages();
}

type Message = string | { declarations?: string[]; match?: Record<string, string> }[];

/** A message's inputs: its `{placeholders}` and the `input` declarations of its variants. */
function inputsOf(message: Message): string[] {
  const texts = typeof message === 'string' ? [message] : message.flatMap((v) => Object.values(v.match ?? {}));
  const declared = typeof message === 'string' ? [] : message.flatMap((v) => v.declarations ?? []);
  const names = new Set<string>();
  for (const text of texts) for (const [, name] of text.matchAll(/\{(\w+)\}/g)) names.add(name!);
  for (const line of declared) if (line.startsWith('input ')) names.add(line.slice(6).trim());
  return [...names];
}

/**
 * TypeScript declarations of the compiled messages, from the English catalogue: every message
 * with its inputs, so a call with a missing input or an unknown message fails the typecheck.
 */
export async function declareMessages(): Promise<void> {
  const catalogue = JSON.parse(await readFile('shared/i18n/messages/en.json', 'utf8')) as Record<string, Message>;
  const lines = Object.entries(catalogue)
    .filter(([key]) => !key.startsWith('$'))
    .map(([key, message]) => {
      const inputs = inputsOf(message);
      const param = inputs.length
        ? `inputs: { ${inputs.map((i) => `${i}: string | number`).join('; ')} }`
        : 'inputs?: {}';
      return `export declare const ${key}: (${param}, options?: { locale?: 'en' | 'fr' }) => string;`;
    });
  const declarations = `${lines.join('\n')}\n`;
  await writeFile(`${I18N_OUTDIR}/messages.d.ts`, declarations);
  for (const locale of ['en', 'fr']) await writeFile(`${I18N_OUTDIR}/messages/${locale}.d.ts`, declarations);
  await writeFile(
    `${I18N_OUTDIR}/runtime.d.ts`,
    "export declare function overwriteGetLocale(getLocale: () => 'en' | 'fr'): void;\n",
  );
}
