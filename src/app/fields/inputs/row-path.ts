/**
 * The full form path of the `rows` item a sub-field input sits in (['maoDeObra', 0]): a row's
 * input that depends on another sub-field of its row (`optionsBy`) watches that one through it.
 */
import { createContext } from 'react';

export const RowPathContext = createContext<(string | number)[] | undefined>(undefined);
