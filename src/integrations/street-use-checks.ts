import type { AstroIntegration } from 'astro';

/**
 * At the start of every build, the street-use statements not checked for 12 months, one warning
 * line each (docs/product.md §Guides): the build goes on, and their pages say "last checked".
 */
export default function streetUseChecks(options: { lines: readonly string[] }): AstroIntegration {
  return {
    name: 'street-use-checks',
    hooks: {
      'astro:build:start': ({ logger }) => {
        if (options.lines.length > 0) logger.warn(options.lines.join('\n'));
        else logger.info('every street-use fact and town ordinance was checked within 12 months');
      },
    },
  };
}
