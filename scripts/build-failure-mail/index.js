// Netlify Build imports a local plugin's entry; a .ts entry it would load through ts-node as
// CommonJS, so the entry is JavaScript and the plugin, TypeScript, is loaded by Node itself.
export { onPreBuild, onError } from './plugin.ts';
