import { createContext, useContext } from 'react';
import { stepCatalogue, type StepKind } from './step-catalogue';

const BUILT = stepCatalogue();

/** The step types the designer offers: the step folders' (a test may pass its own, with a folder the code has never seen). */
export const CatalogueContext = createContext<readonly StepKind[]>(BUILT);

export function useCatalogue(): readonly StepKind[] {
  return useContext(CatalogueContext);
}

/** The kind of a step type, or undefined for a type no folder declares. */
export function useStepKind(type: unknown): StepKind | undefined {
  const catalogue = useCatalogue();
  return catalogue.find((k) => k.type === type);
}
