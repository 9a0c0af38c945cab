/**
 * An in-memory storage engine for redux-persist (its `Storage` interface), whose items a test can
 * read and rewrite: as another page load would find them, with another realm token in the ids.
 */
import type { Storage } from 'redux-persist';

export function memoryStorage(): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
}
