import { PlatformTextEncoder } from './react-chunks.ts';

// React's server renderer has been evaluated with the chunk encoder: everything else gets the platform's again.
globalThis.TextEncoder = PlatformTextEncoder;
