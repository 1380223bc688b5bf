/**
 * The current ability, held outside React so that Refine's `accessControlProvider.can`
 * (a plain function) and the components read the same object.
 */
import { abilityFromRules, type AppAbility } from '../../access/ability';
import type { PortalUser } from '../../access/user';

export interface AbilitySnapshot {
  ability: AppAbility;
  user: PortalUser | null;
}

type Listener = (snapshot: AbilitySnapshot) => void;

/** An ability that allows nothing (before login, or after an error). */
export function emptyAbility(): AppAbility {
  return abilityFromRules([]);
}

export function createAbilityStore(initial?: Partial<AbilitySnapshot>) {
  let snapshot: AbilitySnapshot = { ability: initial?.ability ?? emptyAbility(), user: initial?.user ?? null };
  const listeners = new Set<Listener>();
  return {
    get: (): AbilitySnapshot => snapshot,
    getAbility: (): AppAbility => snapshot.ability,
    set(next: AbilitySnapshot): void {
      snapshot = next;
      for (const l of listeners) l(snapshot);
    },
    reset(): void {
      this.set({ ability: emptyAbility(), user: null });
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AbilityStore = ReturnType<typeof createAbilityStore>;

/** The app's store (app.tsx); tests create their own. */
export const abilityStore = createAbilityStore();
