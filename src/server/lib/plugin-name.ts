/**
 * Gives a plugin function the display name Fastify looks for when it is registered. Without one,
 * Fastify searches every loaded module's exports for the function at each `register` (its
 * plugin-utils getPluginName), which costs more than the rest of the registration.
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<T extends (...args: never[]) => unknown>(plugin: T): T {
  const target = plugin as T & { [DISPLAY_NAME]?: string };
  target[DISPLAY_NAME] ??= plugin.name || 'plugin';
  return plugin;
}
