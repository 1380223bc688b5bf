/**
 * The site whose people a person field of a site's form offers (`personOfSite` fields): set by the
 * form from its record's site, read by the person picker, so the picker and the device's site data
 * (issue 26) ask `/pessoas?…&obra=` for the same site.
 */
import { createContext } from 'react';

export const PeopleSiteContext = createContext<string | undefined>(undefined);
