// Compiles the message catalogues (shared/i18n/messages) without building the client: `npm run i18n`.
import { compileMessages } from './lib/i18n-compile.ts';

await compileMessages();
console.log('messages compiled into shared/i18n/generated');
