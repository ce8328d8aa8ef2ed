import { SSR_PAYLOAD_GLOBAL } from '../shared/ui/ssr-payload.ts';
import { startClient } from './start.tsx';

// Hydrate only when the server's payload marker is there (not on a plain error page).
const payload = window[SSR_PAYLOAD_GLOBAL];
if (payload) void startClient(payload);
