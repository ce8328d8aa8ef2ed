import serverApp from 'virtual:ssr-server-app';
import { distDirOf } from '../definition/build-output.ts';

// The build's last step (build.mjs runs this bundle once the server bundle is written, as
// `node dist/server/prepare-build.mjs`): the app's services write into the build's folder what their start
// reads from it, such as a migrated database snapshot. A process of its own, so a database it opens leaves
// nothing behind in the build.
await serverApp.services?.prepareBuild?.({ buildDir: distDirOf(import.meta.url) });
