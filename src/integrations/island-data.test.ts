import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import islandData, { ISLAND_DATA } from './island-data.ts';

/** The Vite plugin the integration adds when Astro sets the site up. */
function plugin(modules: Record<string, unknown>): Plugin {
  let added: Plugin | undefined;
  const setup = islandData(modules).hooks['astro:config:setup'] as (options: unknown) => void;
  setup({ updateConfig: (config: { vite: { plugins: Plugin[] } }) => (added = config.vite.plugins[0]) });
  if (!added) throw new Error('no plugin added');
  return added;
}

const call = <T>(hook: unknown, ...args: unknown[]) => (hook as (...a: unknown[]) => T)(...args);

describe('island data modules', () => {
  const figures = { places: [{ slug: 'delanco-township', name: 'Delanco Township', miles: 10 }] };
  const served = plugin({ 'reservation-options': figures });

  it('serves each named figure set as a module whose default export is its JSON', () => {
    const id = call<string>(served.resolveId, `${ISLAND_DATA}reservation-options`);
    expect(id).toBe(`\0${ISLAND_DATA}reservation-options`);
    const code = call<string>(served.load, id);
    expect(code).toBe(`export default ${JSON.stringify(figures)};`);
  });

  it('leaves unknown names and every other import to Vite', () => {
    expect(call(served.resolveId, `${ISLAND_DATA}nothing-here`)).toBeUndefined();
    expect(call(served.resolveId, './ReservationForm.tsx')).toBeUndefined();
    expect(call(served.load, '/src/islands/ReservationForm.tsx')).toBeUndefined();
  });
});
