import { useEffect, useRef, type ReactNode } from 'react';
import { useMatches, useOutlet } from 'react-router';
import { useAuth } from '@/lib/auth';
import { lastHandle } from './route-handle';
import { scrollMemory } from './scroll-memory';

interface Entry {
  element: ReactNode;
  gen: number;
}

/**
 * An outlet that keeps visited kept-alive pages mounted and hidden, so their state,
 * inputs and scroll position survive a switch to another page and back.
 * A page leaves the cache when its name leaves the store's keep-alive list or its generation changes.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const current = lastHandle(useMatches()).keepAlive;
  const keepAlive = useAuth((s) => s.keepAlive);
  const gens = useAuth((s) => s.keepAliveGen);
  const cache = useRef(new Map<string, Entry>());

  if (current) cache.current.set(current, { element: outlet, gen: gens[current] ?? 0 });
  for (const [name, entry] of cache.current) {
    if (name === current) continue;
    if (!keepAlive.includes(name) || entry.gen !== (gens[name] ?? 0)) cache.current.delete(name);
  }

  useEffect(() => () => scrollMemory.clear(), []);

  return (
    <>
      {[...cache.current].map(([name, entry]) => (
        <div key={`${name}:${entry.gen}`} className="keep-alive-pane" hidden={name !== current} data-keep-alive={name}>
          {entry.element}
        </div>
      ))}
      {!current && outlet}
    </>
  );
}
